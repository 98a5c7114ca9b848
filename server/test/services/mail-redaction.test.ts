import {
  LINK_PLACEHOLDER,
  redactMail,
  redactText,
  SECRET_PLACEHOLDER,
} from '../../src/services/mail-redaction';

const token = 'Zm9vYmFyYmF6cXV4LXRoaXMtaXMtYS10ZXN0LXRva2Vu';

describe('redactText', () => {
  test('a link carrying a token parameter becomes the placeholder, wherever it stands', () => {
    expect(redactText(`Open https://site.example/claim?token=${token} by Friday.`, [])).toBe(
      `Open ${LINK_PLACEHOLDER} by Friday.`,
    );
    expect(redactText(`<https://site.example/one-click?a=1&token=${token}>`, [])).toBe(
      `<${LINK_PLACEHOLDER}>`,
    );
    expect(
      redactText(`<a href="https://site.example/u?list=1&amp;token=${token}">Leave</a>`, []),
    ).toBe(`<a href="${LINK_PLACEHOLDER}">Leave</a>`);
  });

  test('a named secret is removed from any link holding it, and anywhere else', () => {
    expect(redactText(`Go to https://site.example/reset/${token} now`, [token])).toBe(
      `Go to ${LINK_PLACEHOLDER} now`,
    );
    expect(redactText(`Your code: ${token}.`, [token])).toBe(`Your code: ${SECRET_PLACEHOLDER}.`);
    const spaced = 'a b+c/d=e&f?g#h';
    expect(redactText(`https://site.example/x/${encodeURIComponent(spaced)}`, [spaced])).toBe(
      LINK_PLACEHOLDER,
    );
  });

  test('other links and short values stay as they are', () => {
    const text =
      'Read https://site.example/blog/post?utm=mail and https://site.example/giveaway/4/verify';
    expect(redactText(text, ['', 'mail', 'blog'])).toBe(text);
  });
});

test('redactMail says whether the admin copy differs from the delivered one', () => {
  const plain = { text: 'Hello', html: null, headers: { 'X-Test': 'yes' } };
  expect(redactMail(plain)).toEqual({ mail: plain, changed: false });
  const linked = {
    text: 'Hello',
    html: '<p>Hello</p>',
    headers: { 'List-Unsubscribe': `<https://site.example/one-click?token=${token}>` },
  };
  expect(redactMail(linked)).toEqual({
    mail: { ...linked, headers: { 'List-Unsubscribe': `<${LINK_PLACEHOLDER}>` } },
    changed: true,
  });
});
