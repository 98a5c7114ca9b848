import { FrontMatterError, parseFrontMatter, parseValue, unquote } from '@site/contracts';

const FILE = 'content/blog/example.md';

describe('parseFrontMatter', () => {
  it('reads key: value lines, unquotes quoted values and turns bracketed values into lists', () => {
    const source = [
      '---',
      'title: "Agents: a primer"',
      "author: 'Ada O''Neil'",
      'slug: agents-primer',
      'tags: [agents, "sdk", \'python\' ,  ]',
      '# a comment line is ignored',
      '',
      'series_order: 2',
      '---',
      '## First heading',
      '',
      'Body text.',
    ].join('\n');

    const { data, body } = parseFrontMatter(source, FILE);

    expect(data).toEqual({
      title: 'Agents: a primer',
      author: "Ada O'Neil",
      slug: 'agents-primer',
      tags: ['agents', 'sdk', 'python'],
      series_order: '2',
    });
    expect(body).toBe('## First heading\n\nBody text.');
  });

  it('keeps an empty list empty and leaves unquoted text as it is', () => {
    expect(parseValue('[]')).toEqual([]);
    expect(parseValue('  plain words, with a comma  ')).toBe('plain words, with a comma');
    expect(unquote('"He said \\"hi\\""')).toBe('He said "hi"');
    expect(unquote('"unbalanced')).toBe('"unbalanced');
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const { data, body } = parseFrontMatter('\uFEFF---\r\ntitle: Hello\r\n---\r\nText', FILE);
    expect(data).toEqual({ title: 'Hello' });
    expect(body).toBe('Text');
  });

  it('rejects a file without a leading front matter block, naming the file', () => {
    expect(() => parseFrontMatter('# Just markdown\n\n---\ntitle: late\n---\n', FILE)).toThrow(
      FrontMatterError,
    );
    expect(() => parseFrontMatter('# Just markdown', FILE)).toThrow(
      /^No frontmatter found in content\/blog\/example\.md/,
    );
    expect(() => parseFrontMatter('', FILE)).toThrow(/No frontmatter found/);
  });

  it('rejects a block that is never closed', () => {
    expect(() => parseFrontMatter('---\ntitle: Open\n\nBody', FILE)).toThrow(
      /No frontmatter found in content\/blog\/example\.md: .*never closed/,
    );
  });

  it('explains lines it cannot read, including YAML-style lists', () => {
    expect(() => parseFrontMatter('---\ntags:\n  - a\n---\n', FILE)).toThrow(
      /line 3 of content\/blog\/example\.md .*Lists are written on one line as \[first, second\]/,
    );
    expect(() => parseFrontMatter('---\njust text\n---\n', FILE)).toThrow(/"key: value"/);
  });

  it('rejects a key given twice', () => {
    expect(() => parseFrontMatter('---\ntitle: A\ntitle: B\n---\n', FILE)).toThrow(
      /sets "title" twice \(line 3\)/,
    );
  });
});
