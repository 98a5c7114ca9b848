import {
  deriveExcerpt,
  extractHeadings,
  readingTimeMinutes,
  stripInline,
  toPlainText,
} from '../node/markdown';

const body = [
  'Intro paragraph with a [link](https://example.com) and `code`.',
  '',
  '# Title level one is not anchored',
  '## Getting *started* with `Runner.run()`',
  '### Getting started with Runner.run()',
  '```python',
  '## not a heading inside code',
  '```',
  '#### Q&A: what’s next? ##',
  '##### Too deep',
  '## Getting started with Runner.run()',
].join('\n');

describe('extractHeadings', () => {
  it('gives levels 2–4 with github-slugger ids, skipping code blocks and de-duplicating like autolink-headers', () => {
    expect(extractHeadings(body)).toEqual([
      { level: 2, text: 'Getting started with Runner.run()', id: 'getting-started-with-runnerrun' },
      {
        level: 3,
        text: 'Getting started with Runner.run()',
        id: 'getting-started-with-runnerrun-1',
      },
      { level: 4, text: 'Q&A: what’s next?', id: 'qa-whats-next' },
      {
        level: 2,
        text: 'Getting started with Runner.run()',
        id: 'getting-started-with-runnerrun-2',
      },
    ]);
  });

  it('handles tilde fences and longer backtick fences', () => {
    const md = [
      '~~~',
      '## hidden',
      '~~~',
      '````md',
      '```',
      '## hidden too',
      '````',
      '## Shown',
    ].join('\n');
    expect(extractHeadings(md).map((heading) => heading.text)).toEqual(['Shown']);
  });
});

describe('stripInline', () => {
  it('keeps the text of links, images, code and emphasis', () => {
    expect(stripInline('**Bold** _it_ ~~gone~~ [a](b) ![alt](c.png) `x` \\*')).toBe(
      'Bold it gone a alt x *',
    );
  });
});

describe('deriveExcerpt', () => {
  it('takes the first prose paragraph, skipping headings, lists, tables and code', () => {
    const md = [
      '## Heading',
      '',
      '- item',
      '',
      '| a | b |',
      '|---|---|',
      '',
      '```',
      'code',
      '```',
      '',
      'The **first** real',
      'paragraph.',
    ].join('\n');
    expect(deriveExcerpt(md)).toBe('The first real paragraph.');
  });

  it('cuts long paragraphs at a word boundary with an ellipsis', () => {
    const excerpt = deriveExcerpt('word '.repeat(100), 30);
    expect(excerpt).toBe('word word word word word word…');
  });

  it('is empty when there is no prose', () => {
    expect(deriveExcerpt('## Only a heading')).toBe('');
  });
});

describe('toPlainText and readingTimeMinutes', () => {
  it('drops markup but keeps words, including code', () => {
    const text = toPlainText(
      '## Title\n\n| A | B |\n|---|---|\n| one | two |\n\n```js\nrun(agent)\n```\n\n> quoted *text*',
    );
    expect(text).toBe('Title A B one two run(agent) quoted text');
  });

  it('rounds to whole minutes at 200 words per minute, at least one', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('word '.repeat(1000))).toBe(5);
  });
});
