import { compileMarkdown } from '../index';

const mail = { siteUrl: 'https://agentworks.test', pageUrl: 'https://agentworks.test/blog/p' };
const text = (body: string) => compileMarkdown(body, { mail }).plainText;

describe('compileMarkdown for a mail: the text part', () => {
  it('keeps paragraphs apart with a blank line and joins a paragraph’s soft breaks', () => {
    expect(text('First line\nstill first.\n\nSecond *one* with **bold**.')).toBe(
      'First line still first.\n\nSecond one with bold.',
    );
  });

  it('puts each heading on a line of its own', () => {
    expect(text('# Title\nIntro.\n## Why agents\n### Set `up`\nBody.')).toBe(
      'Title\n\nIntro.\n\nWhy agents\n\nSet up\n\nBody.',
    );
  });

  it('starts list items with "- ", numbers ordered ones and indents nested lists', () => {
    expect(text('Before.\n\n- one\n- two\n  - two a\n  - two b\n- three\n\nAfter.')).toBe(
      'Before.\n\n- one\n- two\n  - two a\n  - two b\n- three\n\nAfter.',
    );
    expect(text('3. third\n4. fourth')).toBe('3. third\n4. fourth');
    expect(text('- [x] done\n- [ ] open')).toBe('- [x] done\n- [ ] open');
  });

  it('keeps a loose list item’s paragraphs apart under its marker', () => {
    expect(text('- one\n\n  more about one\n\n- two')).toBe('- one\n\n  more about one\n\n- two');
  });

  it('writes each table row as a line of cells', () => {
    expect(
      text('| Plan | Price |\n| --- | ---: |\n| Starter | $49 |\n| Pro | [ask](/contact) |'),
    ).toBe('Plan | Price\nStarter | $49\nPro | ask (https://agentworks.test/contact)');
  });

  it('follows a link’s text with its absolute address, once', () => {
    expect(
      text(
        'See [the guide](https://example.com/g), [pricing](/pricing), [below](#faq), <https://example.com/x> and [ref][r].\n\n[r]: /blog',
      ),
    ).toBe(
      'See the guide (https://example.com/g), pricing (https://agentworks.test/pricing), below (https://agentworks.test/blog/p#faq), https://example.com/x and ref (https://agentworks.test/blog).',
    );
  });

  it('marks quotes, keeps code blocks’ lines, and reads images as their alt text', () => {
    expect(
      text(
        '> Quoted\n> line.\n>\n> Again.\n\n```js\nconst a = 1;\nrun(a);\n```\n\n![A chart](/c.png)',
      ),
    ).toBe('> Quoted line.\n>\n> Again.\n\n    const a = 1;\n    run(a);\n\nA chart');
  });

  it('shows raw HTML as the text it is', () => {
    expect(text('Hi <script>alert(1)</script> there')).toBe('Hi <script>alert(1)</script> there');
  });

  it('lists footnotes at the end and separates a thematic break', () => {
    expect(text('Claim.[^1]\n\n---\n\nMore.\n\n[^1]: The source.')).toBe(
      'Claim.[1]\n\n----\n\nMore.\n\n[1] The source.',
    );
  });
});

describe('compileMarkdown for a mail: the HTML part', () => {
  it('has no heading anchors, ids or permalink icons', () => {
    const { html, headings } = compileMarkdown('## Why agents\n\nText.', { mail });
    expect(html).toBe('<h2>Why agents</h2>\n<p>Text.</p>');
    expect(headings).toEqual([]);
    expect(html).not.toMatch(/anchor|<svg|permalink|id=/);
  });

  it('leaves the site’s compile as it was: anchors and one-line plain text', () => {
    const { html, plainText } = compileMarkdown('## Why agents\n\n- one\n- two');
    expect(html).toContain('class="anchor after"');
    expect(plainText).toBe('Why agents one two');
  });
});
