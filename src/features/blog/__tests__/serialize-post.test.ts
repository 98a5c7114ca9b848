import {
  checkPostDraft,
  parseFrontMatter,
  readPostFields,
  serializePost,
  type PostDraftFields,
  type PostFields,
} from '@site/contracts';

const FILE = 'content/blog/round-trip.md';

const full: PostFields = {
  title: 'Agents: "quoted" words, a # and a back\\slash',
  slug: 'agents-round-trip',
  description: 'What it covers: everything # even this.',
  date: '2026-11-22T00:00:00.000Z',
  category: 'engineering',
  author: "Dana O'Neil",
  tags: ['agents', 'c++', '.net', 'two words'],
  excerpt: 'A short: excerpt.',
  series: 'Agents in Production',
  seriesOrder: 3,
  draft: false,
};

const body = '## Setup\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n';

function roundTrip(fields: PostFields, markdown: string) {
  const parsed = parseFrontMatter(serializePost(fields, markdown), FILE);
  return { result: readPostFields(parsed.data, FILE), body: parsed.body };
}

describe('serializePost', () => {
  it('writes the front matter first, in the editor format', () => {
    expect(serializePost({ ...full, tags: ['agents', 'python'] }, body)).toBe(
      [
        '---',
        'title: "Agents: \\"quoted\\" words, a # and a back\\\\slash"',
        'slug: agents-round-trip',
        'description: "What it covers: everything # even this."',
        'date: 2026-11-22',
        'category: engineering',
        'author: "Dana O\'Neil"',
        'tags: [agents, python]',
        'excerpt: "A short: excerpt."',
        'series: "Agents in Production"',
        'series_order: 3',
        '---',
        '',
        body,
      ].join('\n'),
    );
  });

  it('reads back the same fields and body (serialize → parse → same fields)', () => {
    const { result, body: parsedBody } = roundTrip(full, body);
    expect(result).toEqual({ ok: true, fields: full });
    expect(parsedBody.trim()).toBe(body.trim());
  });

  it('round-trips a post with only the required fields', () => {
    const minimal: PostFields = {
      ...full,
      author: null,
      tags: [],
      excerpt: null,
      series: null,
      seriesOrder: null,
    };
    const text = serializePost(minimal, 'Hello.');
    expect(text).not.toMatch(/author|tags|excerpt|series/);
    expect(roundTrip(minimal, 'Hello.').result).toEqual({ ok: true, fields: minimal });
  });

  it('keeps a date with a time of day', () => {
    const timed = { ...full, date: '2026-11-22T09:30:00.000Z' };
    expect(roundTrip(timed, body).result).toEqual({ ok: true, fields: timed });
  });
});

describe('checkPostDraft', () => {
  const draft: PostDraftFields = {
    title: 'A draft',
    slug: 'a-draft',
    description: 'About it.',
    category: 'foundation',
    author: null,
    tags: ['one'],
    series: null,
    series_order: null,
  };

  it('accepts a valid draft and gives the fields the file will hold', () => {
    const result = checkPostDraft(draft, '2026-11-22');
    expect(result).toEqual({
      ok: true,
      fields: expect.objectContaining({ slug: 'a-draft', date: '2026-11-22T00:00:00.000Z' }),
    });
    if (!result.ok) throw new Error('expected a valid draft');
    expect(roundTrip(result.fields, 'x').result).toEqual({ ok: true, fields: result.fields });
  });

  it('reports each problem against its field, with the build rules', () => {
    const result = checkPostDraft(
      {
        ...draft,
        title: 'Two\nlines',
        slug: 'Not A Slug',
        description: ' ',
        tags: ['a,b'],
        series: 'S',
      },
      '2026-11-22',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field).sort()).toEqual([
      'description',
      'series_order',
      'slug',
      'tags',
      'title',
    ]);
  });
});
