import {
  findCollectionErrors,
  isBuilt,
  parseDate,
  readPostFields,
  type CollectionEntry,
} from '@site/contracts';

const FILE = 'content/blog/post.md';
const valid = {
  title: 'A post',
  slug: 'a-post',
  description: 'What it is about.',
  date: '2025-06-12',
  category: 'foundation',
};

function errorsOf(data: Record<string, string | string[]>): string[] {
  const result = readPostFields(data, FILE);
  return result.ok ? [] : result.errors;
}

describe('readPostFields', () => {
  it('turns valid front matter into typed fields with defaults', () => {
    const result = readPostFields({ ...valid, tags: ['a', 'b'] }, FILE);
    expect(result).toEqual({
      ok: true,
      fields: {
        ...valid,
        date: '2025-06-12T00:00:00.000Z',
        author: null,
        tags: ['a', 'b'],
        excerpt: null,
        series: null,
        seriesOrder: null,
        draft: false,
      },
    });
  });

  it.each(['title', 'slug', 'description', 'date', 'category'] as const)(
    'requires %s and names the file and field',
    (field) => {
      const { [field]: _removed, ...rest } = valid;
      expect(errorsOf(rest)).toEqual([
        `${FILE}: front matter field "${field}" is required and missing or empty.`,
      ]);
      expect(errorsOf({ ...valid, [field]: '  ' })).toEqual([
        `${FILE}: front matter field "${field}" is required and missing or empty.`,
      ]);
    },
  );

  it('rejects malformed slugs, the reserved slug and impossible dates', () => {
    expect(errorsOf({ ...valid, slug: 'Hello World' })[0]).toMatch(
      /field "slug" "Hello World" must use lowercase letters/,
    );
    expect(errorsOf({ ...valid, slug: 'new' })[0]).toMatch(/field "slug" "new" is reserved/);
    expect(errorsOf({ ...valid, date: '2025-02-30' })[0]).toMatch(
      /field "date" "2025-02-30" is not a valid date; write it as YYYY-MM-DD/,
    );
    expect(errorsOf({ ...valid, date: 'June 12' })[0]).toMatch(/field "date"/);
  });

  it('refuses unknown fields so a typo cannot pass silently', () => {
    expect(errorsOf({ ...valid, categroy: 'x' })[0]).toMatch(
      /field "categroy" is not a known field/,
    );
  });

  it('needs series and series_order together, with a whole number from 1', () => {
    expect(errorsOf({ ...valid, series: 'Agents in Production' })).toEqual([
      `${FILE}: front matter field "series_order" is required because the post belongs to the series "Agents in Production".`,
    ]);
    expect(errorsOf({ ...valid, series_order: '2' })[0]).toMatch(
      /"series_order" is set but "series" is missing/,
    );
    expect(errorsOf({ ...valid, series: 'S', series_order: '0' })[0]).toMatch(
      /"series_order" must be a whole number from 1/,
    );
    expect(errorsOf({ ...valid, series: 'S', series_order: '1.5' })[0]).toMatch(/whole number/);
    const ok = readPostFields({ ...valid, series: 'S', series_order: '3' }, FILE);
    expect(ok.ok && ok.fields.seriesOrder).toBe(3);
  });

  it('reads draft as a boolean and rejects anything else', () => {
    const draft = readPostFields({ ...valid, draft: 'true' }, FILE);
    expect(draft.ok && draft.fields.draft).toBe(true);
    expect(errorsOf({ ...valid, draft: 'yes' })[0]).toMatch(/field "draft" must be true or false/);
  });

  it('accepts a single tag as a one-item list and rejects a list where one value is expected', () => {
    const single = readPostFields({ ...valid, tags: 'agents' }, FILE);
    expect(single.ok && single.fields.tags).toEqual(['agents']);
    expect(errorsOf({ ...valid, title: ['a', 'b'] })[0]).toMatch(
      /field "title" must be a single value/,
    );
  });
});

describe('parseDate', () => {
  it('keeps full ISO date-times and normalises plain dates to UTC midnight', () => {
    expect(parseDate('2025-01-02')).toBe('2025-01-02T00:00:00.000Z');
    expect(parseDate('2025-01-02T10:30:00Z')).toBe('2025-01-02T10:30:00.000Z');
    expect(parseDate('2025-13-01')).toBeNull();
  });
});

describe('findCollectionErrors', () => {
  const entry = (overrides: Partial<CollectionEntry>): CollectionEntry => ({
    filePath: 'content/blog/a.md',
    slug: 'a',
    category: 'foundation',
    series: null,
    seriesOrder: null,
    ...overrides,
  });

  it('passes a consistent collection', () => {
    expect(
      findCollectionErrors(
        [entry({}), entry({ filePath: 'content/blog/b.md', slug: 'b' })],
        ['foundation'],
      ),
    ).toEqual([]);
  });

  it('names the file and field for an unknown category', () => {
    expect(findCollectionErrors([entry({ category: 'news' })], ['foundation', 'security'])).toEqual(
      [
        'content/blog/a.md: front matter field "category" is "news", which is not in content/categories.yaml (known: foundation, security).',
      ],
    );
  });

  it('names both files for a duplicate slug', () => {
    const errors = findCollectionErrors(
      [entry({ filePath: 'content/blog/z.md' }), entry({})],
      ['foundation'],
    );
    expect(errors).toEqual([
      'content/blog/z.md: front matter field "slug" is "a", already used by content/blog/a.md; slugs must be unique.',
    ]);
  });

  it('rejects two posts at the same place in one series', () => {
    const errors = findCollectionErrors(
      [
        entry({ series: 'S', seriesOrder: 1 }),
        entry({ filePath: 'content/blog/b.md', slug: 'b', series: 'S', seriesOrder: 1 }),
      ],
      ['foundation'],
    );
    expect(errors).toEqual([
      'content/blog/b.md: front matter field "series_order" is 1, already used in the series "S" by content/blog/a.md.',
    ]);
  });
});

describe('isBuilt', () => {
  it('builds drafts only in development', () => {
    expect(isBuilt({ draft: true }, 'development')).toBe(true);
    expect(isBuilt({ draft: true }, 'production')).toBe(false);
    expect(isBuilt({ draft: false }, 'production')).toBe(true);
  });
});
