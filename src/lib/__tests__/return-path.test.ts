import { afterLoginPath, landingFor, loginPathReturningTo, safeReturnPath } from '../return-path';

describe('the path a login returns to', () => {
  it.each([
    ['/admin/drafts', '/admin/drafts'],
    ['/admin/drafts/12?tab=preview#body', '/admin/drafts/12?tab=preview#body'],
    ['/giveaway/admin', '/giveaway/admin'],
    ['/blog?category=security', '/blog?category=security'],
  ])('keeps a path on this site: %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['another site, protocol-relative', '//evil.example/x'],
    ['another site, absolute', 'https://evil.example/'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash after the slash', '\\\\evil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded protocol-relative address', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['twice-encoded slashes', '/%252F%252Fevil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['malformed escapes', '/%E0%A4%A'],
    ['the login itself', '/login?next=/admin'],
    ['nothing', ''],
    ['a relative path', 'admin/drafts'],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses null and very long values', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2100)}`)).toBeNull();
  });

  it('sends admins to the giveaways and editors to their drafts', () => {
    expect(landingFor('admin')).toBe('/giveaway/admin');
    expect(landingFor('editor')).toBe('/admin/drafts');
  });

  it('prefers ?next= when it is safe, else the landing of the role', () => {
    expect(afterLoginPath('?next=%2Fadmin%2Finbox', 'editor')).toBe('/admin/inbox');
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example', 'admin')).toBe('/giveaway/admin');
    expect(afterLoginPath('?next=%2F%2Fevil.example', 'editor')).toBe('/admin/drafts');
    expect(afterLoginPath('', 'editor')).toBe('/admin/drafts');
  });

  it('writes the login address for a page', () => {
    expect(loginPathReturningTo('/admin/drafts?x=1')).toBe('/login?next=%2Fadmin%2Fdrafts%3Fx%3D1');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
  });
});
