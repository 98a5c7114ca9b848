import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { CompileError, compileMarkdown, MAX_NESTING, nestingProblem, readPostFile } from '../index';

const corpus = path.join(__dirname, '../../corpus');
const files = (kind: 'hostile' | 'prose' | 'pathological') =>
  fs
    .readdirSync(path.join(corpus, kind))
    .filter((name) => name.endsWith('.md'))
    .map((name) => [name, fs.readFileSync(path.join(corpus, kind, name), 'utf8')] as const);

const ALLOWED_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 a strong em del code pre blockquote ul ol li input table thead tbody tr th td hr br img sup section div span svg path'.split(
    ' ',
  ),
);

function elements(tree: Root | Element, out: Element[] = []): Element[] {
  for (const child of tree.children) {
    if (child.type === 'element') {
      out.push(child);
      elements(child, out);
    }
  }
  return out;
}

/** Everything the browser would act on: tags, event handler attributes, addresses. */
function assertInert(html: string) {
  const tree = fromHtml(html, { fragment: true });
  for (const element of elements(tree)) {
    expect(ALLOWED_TAGS).toContain(element.tagName);
    for (const [name, value] of Object.entries(element.properties ?? {})) {
      expect(name).not.toMatch(/^on/i);
      expect(name).not.toMatch(/^(style|srcdoc|formAction|action|httpEquiv)$/i);
      if (name === 'href' || name === 'src') {
        const compact = String(value)
          // eslint-disable-next-line no-control-regex -- browsers drop these inside a scheme
          .replace(/[\u0000-\u0020]/g, '')
          .toLowerCase();
        expect(compact).not.toMatch(/^(javascript|data|vbscript|file):/);
      }
    }
  }
  expect(html).not.toMatch(/<(script|iframe|object|embed|form|style|meta|base|link)\b/i);
}

describe('hostile posts', () => {
  const cwd = process.cwd();
  let sandbox: string;
  beforeAll(() => {
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'pipeline-hostile-'));
    process.chdir(sandbox);
  });
  afterAll(() => {
    process.chdir(cwd);
    fs.rmSync(sandbox, { recursive: true, force: true });
  });

  it.each(files('hostile'))('%s compiles to inert HTML that shows its text', (name, source) => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const read = readPostFile(source, name);
    if (!read.ok) throw new Error(read.errors.join('\n'));
    const compiled = compileMarkdown(read.body);
    assertInert(compiled.html);
    // Nothing ran: no file written, nothing logged, and the markers read as text on the page.
    expect(fs.readdirSync(sandbox)).toEqual([]);
    expect(log.mock.calls.flat().join(' ')).not.toContain('PWNED');
    expect(compiled.html).not.toMatch(/PWNED-(expression-ran|layout)(?!')/);
    log.mockRestore();
  });

  it('shows raw HTML as the text that was typed', () => {
    const { html } = compileMarkdown(
      '<script>console.log("x")</script>\n\nA <img src=x onerror=alert(1)> here.',
    );
    const text = toString(fromHtml(html, { fragment: true }));
    expect(text).toContain('<script>console.log("x")</script>');
    expect(text).toContain('A <img src=x onerror=alert(1)> here.');
  });

  it('keeps MDX expressions, imports and JSX as text', () => {
    const { html, plainText } = compileMarkdown(
      "import fs from 'node:fs'\n\n{(() => 'ran')()} and <Tag prop={1} />",
    );
    expect(plainText).toBe("import fs from 'node:fs' {(() => 'ran')()} and <Tag prop={1} />");
    expect(html).not.toContain('>ran<');
  });

  it('turns unsafe links into text and drops unsafe images to their alt text', () => {
    const { html } = compileMarkdown(
      '[go](javascript:alert(1)) [mail](mailto:a@example.com) ![pic](data:image/png;base64,AA) ![ok](/a.png)',
    );
    expect(html).toBe(
      '<p>go <a href="mailto:a@example.com">mail</a> pic <img src="/a.png" alt="ok"></p>',
    );
  });

  it('does not let a code fence language escape its attribute or skip escaping', () => {
    const { html } = compileMarkdown(
      '```"><b>x</b>\n<i>code</i>\n```\n\n```none\n<b>raw?</b>\n```\n\n```js{1}\nlet a = 1 < 2;\n```',
    );
    assertInert(html);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('data-language="text"');
    expect(html).toContain('class="language-js"');
  });
});

describe('prose posts', () => {
  it.each(files('prose'))('%s builds and keeps every character of its text', (name, source) => {
    const read = readPostFile(source, name);
    if (!read.ok) throw new Error(read.errors.join('\n'));
    const compiled = compileMarkdown(read.body);
    assertInert(compiled.html);
    expect(compiled.plainText.length).toBeGreaterThan(100);
  });

  it('reads braces, comparisons, comments and autolinks as a writer means them', () => {
    const [, source] = files('prose').find(([name]) => name === 'braces-and-brackets.md') ?? [];
    const read = readPostFile(source as string, 'braces.md');
    if (!read.ok) throw new Error(read.errors.join('\n'));
    const { html, plainText } = compileMarkdown(read.body);
    expect(plainText).toContain('{retries: 3, backoff: "exponential"}');
    expect(plainText).toContain('3<5, 10 > 9 and a<b>c');
    expect(plainText).toContain('${value}');
    expect(plainText).not.toContain('a note to fellow authors');
    expect(html).toContain('<a href="mailto:user@example.com">user@example.com</a>');
    expect(html).toContain(
      '<a href="https://example.com/docs?page=2&#x26;lang=en" target="_blank" rel="noopener noreferrer">',
    );
    expect(plainText).toContain('<agent> or <T>');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<th align="right">Default</th>');
    expect(plainText).toContain('👨‍👩‍👧‍👦');
  });

  it('highlights known languages and escapes the rest', () => {
    const [, source] = files('prose').find(([name]) => name === 'code-in-many-languages.md') ?? [];
    const read = readPostFile(source as string, 'code.md');
    if (!read.ok) throw new Error(read.errors.join('\n'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { html } = compileMarkdown(read.body);
    warn.mockRestore();
    for (const language of [
      'typescript',
      'python',
      'bash',
      'json',
      'html',
      'text',
      'unknownlang',
    ]) {
      expect(html).toContain(`data-language="${language}"`);
    }
    expect(html).toContain('<span class="token keyword">interface</span>');
    expect(html).toContain('<span class="token punctuation">&#x3C;</span>script');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).toContain('data-footnote-ref');
  });
});

describe('pathological posts', () => {
  const bodyOf = (name: string, source: string) => {
    const read = readPostFile(source, name);
    if (!read.ok) throw new Error(read.errors.join('\n'));
    return read.body;
  };
  const nested = files('pathological').filter(([name]) => name.startsWith('nested-'));
  const slow = files('pathological').filter(([name]) => name.startsWith('slow-'));

  it('has both kinds', () => {
    expect(nested.length).toBeGreaterThanOrEqual(5);
    expect(slow.length).toBeGreaterThanOrEqual(2);
  });

  it.each(nested)(
    '%s is refused before parsing, in one quick pass, naming the line',
    (name, source) => {
      const body = bodyOf(name, source);
      const started = performance.now();
      const problem = nestingProblem(body);
      expect(performance.now() - started).toBeLessThan(100);
      expect(problem?.message).toMatch(new RegExp(`at most ${MAX_NESTING} can be published`));
      // compileMarkdown refuses it the same way (the build names the line) instead of recursing.
      let thrown: unknown;
      try {
        compileMarkdown(body);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(CompileError);
      expect((thrown as CompileError).problems).toContainEqual(problem);
    },
  );

  it.each(slow)(
    '%s nests nothing, so the scan lets it through to the time limit',
    (name, source) => {
      expect(nestingProblem(bodyOf(name, source))).toBeNull();
    },
  );

  it.each([
    ['quotes', `${'> '.repeat(MAX_NESTING)}fine`, `${'> '.repeat(MAX_NESTING + 1)}deep`],
    [
      'lists',
      Array.from({ length: MAX_NESTING }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
      Array.from({ length: MAX_NESTING + 1 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
    ],
    [
      'brackets',
      `${'['.repeat(MAX_NESTING)}a${']'.repeat(MAX_NESTING)}`,
      `${'['.repeat(MAX_NESTING + 1)}a`,
    ],
    [
      'emphasis',
      `${'*a _b '.repeat(MAX_NESTING / 2)}x${' c_ d*'.repeat(MAX_NESTING / 2)}`,
      `${'*a _b '.repeat(MAX_NESTING / 2 + 1)}x${' c_ d*'.repeat(MAX_NESTING / 2 + 1)}`,
    ],
  ])('%s: the bound is exact for plain nesting', (_, atBound, overBound) => {
    expect(nestingProblem(atBound)).toBeNull();
    expect(nestingProblem(overBound)).not.toBeNull();
  });

  it('counts nothing inside fenced code or code spans, and ordinary prose passes', () => {
    const code = '```\n' + '>'.repeat(200) + '\n' + '['.repeat(200) + '\n```';
    expect(nestingProblem(code)).toBeNull();
    expect(nestingProblem(`Use \`${'['.repeat(100)}\` here.`)).toBeNull();
    expect(
      nestingProblem('snake_case_names and __init__ and **[#1](https://x.example)**'),
    ).toBeNull();
    for (const [name, source] of [...files('prose'), ...files('hostile')]) {
      expect([name, nestingProblem(bodyOf(name, source))]).toEqual([name, null]);
    }
  });
});
