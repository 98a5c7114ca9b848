import {
  buildJobOf,
  type Card,
  type DrawnChange,
  groupCounts,
  isoDate,
  stateOfSlug,
  versionOf,
  withChanges,
} from '../../src/services/publish/drawn-posts';

const card = (slug: string, date: string, category = 'foundation'): Card => ({
  id: `built-${slug}`,
  slug,
  title: slug,
  excerpt: '',
  date,
  category,
  series: null,
  tags: [],
});

const change = (
  id: number,
  action: DrawnChange['action'],
  slug: string,
  movedFrom: string | null = null,
): DrawnChange => ({ id, action, slug, movedFrom, content: action === 'unpublish' ? null : 'x' });

describe('drawn posts', () => {
  it('knows the job of a build folder, and none for another site folder', () => {
    expect(buildJobOf('/data/site-builds/build-12/public')).toBe(12);
    expect(buildJobOf('/data/site-builds/build-12/public/')).toBe(12);
    expect(buildJobOf('/srv/site/public')).toBeNull();
    expect(buildJobOf('/data/site-builds/build-x/public')).toBeNull();
  });

  it("gives a slug's state after its last change: the post, gone, or untouched", () => {
    const changes = [
      change(1, 'publish', 'a'),
      change(2, 'unpublish', 'b'),
      change(3, 'replace', 'c2', 'c'),
      change(4, 'unpublish', 'd'),
      change(5, 'publish', 'd'),
    ];
    expect(stateOfSlug(changes, 'a')).toEqual({ kind: 'post', change: changes[0] });
    expect(stateOfSlug(changes, 'b')).toEqual({ kind: 'gone' });
    expect(stateOfSlug(changes, 'c')).toEqual({ kind: 'gone' });
    expect(stateOfSlug(changes, 'c2')).toEqual({ kind: 'post', change: changes[2] });
    expect(stateOfSlug(changes, 'd')).toEqual({ kind: 'post', change: changes[4] });
    expect(stateOfSlug(changes, 'e')).toBeNull();
  });

  it('puts the changes into the built list, newest first, an update keeping its id', () => {
    const built = [
      card('old', '2025-01-01T00:00:00.000Z'),
      card('older', '2024-01-01T00:00:00.000Z'),
    ];
    const cards = withChanges(
      built,
      [change(1, 'publish', 'new'), change(2, 'replace', 'older'), change(3, 'unpublish', 'old')],
      (c) =>
        c.slug === 'new'
          ? card('new', '2026-11-29T00:00:00.000Z')
          : {
              ...card('older', '2024-01-01T00:00:00.000Z'),
              id: 'drawn-2',
              title: 'Older, revised',
            },
    );
    expect(cards.map((c) => [c.slug, c.id, c.title])).toEqual([
      ['new', 'built-new', 'new'],
      ['older', 'built-older', 'Older, revised'],
    ]);
  });

  it('keeps the built card of a change that cannot be drawn', () => {
    const built = [card('old', '2025-01-01T00:00:00.000Z')];
    expect(withChanges(built, [change(1, 'replace', 'old')], () => null)).toEqual(built);
  });

  it('counts by value, ascending, as the build groups them', () => {
    expect(groupCounts(['b', 'a', null, 'b'])).toEqual([
      { fieldValue: 'a', totalCount: 1 },
      { fieldValue: 'b', totalCount: 2 },
    ]);
  });

  it('moves the version with the set of changes', () => {
    const one = [change(1, 'publish', 'a')];
    expect(versionOf(one)).toBe(versionOf([change(1, 'publish', 'a')]));
    expect(versionOf(one)).not.toBe(versionOf([...one, change(2, 'publish', 'b')]));
    expect(versionOf([])).not.toBe(versionOf(one));
  });

  it('writes dates as the data layer does', () => {
    expect(isoDate('2026-11-29')).toBe('2026-11-29T00:00:00.000Z');
    expect(isoDate('2026-11-29T10:30:00+01:00')).toBe('2026-11-29T09:30:00.000Z');
  });
});
