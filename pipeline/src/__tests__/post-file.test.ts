import type { PostFields } from '@site/contracts';
import { normaliseBody, readPostFile, readPostSource, writePostFile } from '../index';

const file = (front: string, body = '\nBody text.\n') => `---\n${front}\n---\n${body}`;
const valid = [
  'title: "A post"',
  'slug: a-post',
  'description: "What it is about."',
  'date: 2025-09-02',
  'category: engineering',
].join('\n');

describe('readPostFile', () => {
  it('reads the front matter as YAML and checks it against the schema', () => {
    const result = readPostFile(
      file(`${valid}\ntags:\n  - agents\n  - "c++"\nseries: Intro\nseries_order: 2`),
      'x.md',
    );
    expect(result).toEqual({
      ok: true,
      bodyLine: 13,
      body: '\nBody text.\n',
      fields: {
        title: 'A post',
        slug: 'a-post',
        description: 'What it is about.',
        date: '2025-09-02T00:00:00.000Z',
        category: 'engineering',
        author: null,
        tags: ['agents', 'c++'],
        excerpt: null,
        series: 'Intro',
        seriesOrder: 2,
        draft: false,
        cover: null,
        coverAlt: null,
      },
    });
  });

  it('refuses what YAML refuses, naming the line', () => {
    const result = readPostFile(
      file(`title: Agents: a primer\n${valid.split('\n').slice(1).join('\n')}`),
      'content/blog/x.md',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(
          /^Front matter line 2 of content\/blog\/x\.md cannot be read: .*Put a value that contains ": " or " #" in double quotes\.$/,
        ),
      ],
    });
  });

  it('reads "#" after a space as a comment, as YAML does', () => {
    const result = readPostFile(file(valid.replace('title: "A post"', 'title: #hash tag')), 'x.md');
    expect(result).toEqual({
      ok: false,
      errors: ['x.md: front matter field "title" is required and missing or empty.'],
    });
  });

  it('keeps every scalar as the text typed and checks it per field', () => {
    const result = readPostFile(
      file(`${valid}\nseries_order: 0\ndraft: yes\nauthor: [a, b]\nextra: 1`),
      'x.md',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'x.md: front matter field "extra" is not a known field; use one of title, slug, description, date, category, author, tags, excerpt, series, series_order, draft, cover, cover_alt.',
        'x.md: front matter field "series_order" must be a whole number from 1 to 9999 (got "0").',
        'x.md: front matter field "draft" must be true or false (got "yes").',
        'x.md: front matter field "author" must be a single line of text, not a list or a mapping.',
      ]),
    );
  });

  it('refuses duplicate keys, missing blocks and impossible dates', () => {
    expect(readPostFile(file(`${valid}\nslug: again`), 'x.md')).toEqual({
      ok: false,
      errors: [
        expect.stringContaining(
          'Front matter line 7 of x.md cannot be read: Map keys must be unique. Keep one of them.',
        ),
      ],
    });
    expect(readPostFile('Just text', 'x.md')).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^No frontmatter found in x\.md/)],
    });
    expect(readPostFile(file(valid.replace('2025-09-02', '2025-02-30')), 'x.md')).toEqual({
      ok: false,
      errors: [
        'x.md: front matter field "date" "2025-02-30" is not a valid date; write it as YYYY-MM-DD.',
      ],
    });
  });

  it('says where the body starts', () => {
    expect(readPostSource('---\na: b\n---\nline one', 'x.md').bodyLine).toBe(4);
  });
});

describe('writePostFile', () => {
  const fields: PostFields = {
    title: 'Agents: a "primer" # with symbols \\ and é, \u2028 and </script>',
    slug: 'agents-primer',
    description: "It's: tricky, [really] {yes}",
    date: '2025-09-02T00:00:00.000Z',
    category: 'foundation',
    author: '- dash first',
    tags: ['plain', 'with space', 'c++', '#hash', 'a, b'],
    excerpt: null,
    series: 'Part: one',
    seriesOrder: 3,
    draft: false,
  };

  it('writes a file that reads back to exactly the same fields and body', () => {
    const body = '\n\n## Body\n\nText with --- and\n---\nlines.\n';
    const written = writePostFile(fields, body);
    const read = readPostFile(written, 'x.md');
    expect(read).toMatchObject({ ok: true, fields });
    if (read.ok) expect(normaliseBody(read.body)).toBe(normaliseBody(body));
    expect(written.startsWith('---\ntitle: "Agents: a \\"primer\\"')).toBe(true);
    expect(written).toContain('\nslug: agents-primer\n');
    expect(written).toContain('\ndate: 2025-09-02\n');
    expect(written).toContain('\nseries_order: 3\n');
  });
});
