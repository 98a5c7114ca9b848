import { extractHeadings } from '@/features/blog/node/markdown';
import { renderMarkdown } from '../lib/render-markdown';

function dom(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(markdown);
  return root;
}

describe('renderMarkdown (the live preview)', () => {
  it('gives h2–h4 the same ids as the build, duplicates numbered', () => {
    const body =
      '# Top\n\n## Getting *started*\n\n### The `run` loop\n\n## Getting started\n\n##### Deep\n';
    const root = dom(body);
    expect([...root.querySelectorAll('[id]')].map((el) => el.id)).toEqual(
      extractHeadings(body).map((h) => h.id),
    );
    expect(root.querySelector('h2')?.id).toBe('getting-started');
    expect(root.querySelector('h1')?.id).toBe('');
  });

  it('renders GFM tables', () => {
    const root = dom('| Plan | Price |\n| --- | --- |\n| Pro | $2,499 |\n');
    expect(root.querySelector('table th')?.textContent).toBe('Plan');
    expect(root.querySelector('table td:last-child')?.textContent).toBe('$2,499');
    expect(root.querySelector('table')).toHaveAttribute('tabindex', '0');
  });

  it('highlights code with Prism in the markup gatsby-remark-prismjs writes', () => {
    const root = dom('```python\ndef run():\n    return 1\n```\n');
    const block = root.querySelector('.gatsby-highlight');
    expect(block?.getAttribute('data-language')).toBe('python');
    expect(block?.querySelector('code.language-python .token.keyword')?.textContent).toBe('def');
  });

  it('escapes code in unknown languages and raw HTML', () => {
    const root = dom(
      '```weird\n<b>x</b>\n```\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n',
    );
    expect(root.querySelector('script, b, img')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
  });

  it('applies the link rules: http opens in a new tab, unsafe schemes are not links', () => {
    const root = dom(
      '[out](https://example.com) [in](/blog) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [data](data:text/html,x)',
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      '/blog',
      'mailto:a@b.c',
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[1]).not.toHaveAttribute('target');
    expect(root.textContent).toContain('bad');
  });
});
