import { readPostFile, writePostFile } from '../index';

const file = (extra: string) =>
  `---\ntitle: "Covers"\nslug: covers\ndescription: "x"\ndate: 2026-01-02\ncategory: engineering\n${extra}---\n\nBody.\n`;

describe('cover and cover_alt in front matter', () => {
  it('reads a cover with its description and writes it back the same', () => {
    const read = readPostFile(
      file('cover: media/3f2a9c0d4b1e5a6f7c8d9e01.jpg\ncover_alt: "A whiteboard"\n'),
      'covers.md',
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.fields).toMatchObject({
      cover: 'media/3f2a9c0d4b1e5a6f7c8d9e01.jpg',
      coverAlt: 'A whiteboard',
    });
    const again = readPostFile(writePostFile(read.fields, read.body), 'covers.md');
    expect(again.ok && again.fields).toEqual(read.fields);
  });

  it('has no cover when the lines are absent', () => {
    const read = readPostFile(file(''), 'covers.md');
    expect(read.ok && read.fields).toMatchObject({ cover: null, coverAlt: null });
  });

  it.each([
    ['cover: media/a.jpg\n', /"cover_alt" is required with a cover/],
    ['cover_alt: "Nothing"\n', /"cover_alt" is set but there is no cover/],
    [
      'cover: https://example.com/a.jpg\ncover_alt: "x"\n',
      /must name one of the post's own pictures/,
    ],
    ['cover: media/../../secret.jpg\ncover_alt: "x"\n', /must name one of the post's own pictures/],
    ['cover: media/a.svg\ncover_alt: "x"\n', /must name one of the post's own pictures/],
  ])('refuses %j', (extra, message) => {
    const read = readPostFile(file(extra), 'covers.md');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.join('\n')).toMatch(message);
  });
});
