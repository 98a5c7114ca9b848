import { CompileError, checkBody, compileMarkdown } from '../index';

describe('compileMarkdown', () => {
  it('anchors h2 to h4 with ids from their text and lists them as headings', () => {
    const { html, headings } = compileMarkdown(
      '# Title\n\n## Why *agents*?\n\n### Set `up`\n\n#### Deep\n\n##### Too deep\n\n## Why agents?',
    );
    expect(headings).toEqual([
      { level: 2, text: 'Why agents?', id: 'why-agents' },
      { level: 3, text: 'Set up', id: 'set-up' },
      { level: 4, text: 'Deep', id: 'deep' },
      { level: 2, text: 'Why agents?', id: 'why-agents-1' },
    ]);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h5>Too deep</h5>');
    expect(html).toContain(
      '<h2 id="why-agents">Why <em>agents</em>?<a href="#why-agents" aria-label="why agents permalink" class="anchor after"><svg aria-hidden="true"',
    );
  });

  it('keeps headings off the ids the site itself uses', () => {
    const { headings, html } = compileMarkdown(
      '## ___gatsby\n\n## gatsby-focus-wrapper\n\n## Main',
    );
    expect(headings.map((h) => h.id)).toEqual([
      'section-gatsby',
      'section-gatsby-focus-wrapper',
      'section-main',
    ]);
    expect(html).not.toMatch(/id="(___gatsby|gatsby-focus-wrapper|main)"/);
  });

  it('derives the excerpt from the first paragraph of prose, cut at a word', () => {
    const long = 'word '.repeat(60).trim();
    expect(compileMarkdown(`## Heading\n\n- list\n\n${long}\n\nSecond.`).excerpt).toBe(
      `${'word '.repeat(36).trim()}…`,
    );
    expect(compileMarkdown('<div>raw</div>\n\nThe *real* start.').excerpt).toBe('The real start.');
    expect(compileMarkdown('```\ncode only\n```').excerpt).toBe('');
  });

  it('gives plain text with code and a reading time of at least a minute', () => {
    const { plainText, readingTime, wordCount } = compileMarkdown(
      '## Hi\n\nSome **bold** text.\n\n```js\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| c | d |',
    );
    expect(plainText).toBe('Hi Some bold text. const a = 1; a b c d');
    expect(wordCount).toBe(12);
    expect(readingTime).toBe(1);
    expect(compileMarkdown('word '.repeat(1000)).readingTime).toBe(5);
  });

  it('opens http links in a new tab and keeps local ones as they are', () => {
    const { html } = compileMarkdown(
      '[a](https://x.example) [b](/contact) [c](#part) [d](irc://x)',
    );
    expect(html).toBe(
      '<p><a href="https://x.example" target="_blank" rel="noopener noreferrer">a</a> <a href="/contact">b</a> <a href="#part">c</a> <a href="irc://x">d</a></p>',
    );
  });

  it('names the line of a character a file cannot carry', () => {
    expect(checkBody('fine\nalso fine')).toEqual([]);
    expect(checkBody('fine\nbad \u0007 bell\nx \ud83d y')).toEqual([
      { line: 2, message: expect.stringContaining('control character') },
      { line: 3, message: expect.stringContaining('broken character') },
    ]);
    expect(() => compileMarkdown('ok\n\u0000')).toThrow(CompileError);
    expect(() => compileMarkdown('ok\n\u0000')).toThrow('line 2');
  });

  it('gives the same HTML for the same body every time', () => {
    const body = '## A\n\n```ts\nconst x = 1;\n```\n\n## A';
    expect(compileMarkdown(body).html).toBe(compileMarkdown(body).html);
  });
});
