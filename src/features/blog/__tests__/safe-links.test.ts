import { classifyHref, rehypeSafeLinks } from '../../../../plugins/rehype-safe-links';

describe('classifyHref', () => {
  it.each([
    ['https://example.com', 'external'],
    ['http://example.com/a?b#c', 'external'],
    ['HTTPS://EXAMPLE.COM', 'external'],
    ['mailto:hello@example.com', 'local'],
    ['irc://irc.libera.chat/agents', 'local'],
    ['ircs://irc.libera.chat/agents', 'local'],
    ['xmpp:team@example.com', 'local'],
    ['/contact', 'local'],
    ['../other-post', 'local'],
    ['#section', 'local'],
    ['?page=2', 'local'],
    ['path/with:colon-after-slash', 'local'],
    ['javascript:alert(1)', 'unsafe'],
    ['JavaScript:alert(1)', 'unsafe'],
    [' java\tscript:alert(1)', 'unsafe'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'unsafe'],
    ['vbscript:msgbox', 'unsafe'],
    ['file:///etc/passwd', 'unsafe'],
    ['ftp://example.com', 'unsafe'],
  ])('%s is %s', (href, kind) => {
    expect(classifyHref(href)).toBe(kind);
  });
});

interface Node {
  type: string;
  tagName?: string;
  name?: string;
  value?: string;
  properties?: Record<string, unknown>;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: Node[];
}

const text = (value: string): Node => ({ type: 'text', value });
const link = (href: string, label: string): Node => ({
  type: 'element',
  tagName: 'a',
  properties: { href },
  children: [text(label)],
});

function run(tree: Node): Node {
  rehypeSafeLinks()(tree);
  return tree;
}

describe('rehypeSafeLinks', () => {
  it('opens http(s) links in a new tab without opener or referrer', () => {
    const tree = run({
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', children: [link('https://example.com', 'Example')] },
      ],
    });
    expect(tree.children?.[0]?.children?.[0]?.properties).toEqual({
      href: 'https://example.com',
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
    });
  });

  it('leaves relative, hash and mailto links alone', () => {
    const tree = run({
      type: 'root',
      children: [
        link('/contact', 'Contact'),
        link('#intro', 'Intro'),
        link('mailto:a@b.c', 'Mail'),
      ],
    });
    expect(tree.children?.map((child) => child.properties)).toEqual([
      { href: '/contact' },
      { href: '#intro' },
      { href: 'mailto:a@b.c' },
    ]);
  });

  it('replaces links with a disallowed scheme by their content, at any depth', () => {
    const tree = run({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'p',
          children: [text('Before '), link('javascript:alert(1)', 'click'), text(' after')],
        },
      ],
    });
    expect(tree.children?.[0]?.children).toEqual([text('Before '), text('click'), text(' after')]);
  });

  it('applies the same rules to <a> written as JSX in MDX', () => {
    const jsx = (href: string): Node => ({
      type: 'mdxJsxTextElement',
      name: 'a',
      attributes: [{ type: 'mdxJsxAttribute', name: 'href', value: href }],
      children: [text('x')],
    });
    const tree = run({
      type: 'root',
      children: [jsx('https://example.com'), jsx('data:text/html,hi')],
    });
    expect(tree.children).toHaveLength(2);
    expect(tree.children?.[0]?.attributes).toEqual([
      { type: 'mdxJsxAttribute', name: 'href', value: 'https://example.com' },
      { type: 'mdxJsxAttribute', name: 'target', value: '_blank' },
      { type: 'mdxJsxAttribute', name: 'rel', value: 'noopener noreferrer' },
    ]);
    expect(tree.children?.[1]).toEqual(text('x'));
  });
});
