import GithubSlugger from 'github-slugger';
import { Marked, type Tokens } from 'marked';
import Prism from 'prismjs';
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-tsx';
import 'prismjs/components/prism-yaml';
import { ANCHORED_LEVELS, stripInline } from '@/features/blog/node/markdown';
import { classifyHref } from '../../../../plugins/rehype-safe-links';

/** Names the build accepts for the same language (gatsby-remark-prismjs uses Prism's aliases). */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  py: 'python',
  ts: 'typescript',
  js: 'javascript',
  yml: 'yaml',
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The same markup gatsby-remark-prismjs writes, so the blog's prism theme styles it. */
function codeBlock(text: string, lang: string | undefined): string {
  const name = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const language = ALIASES[name] ?? name;
  const grammar = language ? Prism.languages[language] : undefined;
  const cls = `language-${language || 'text'}`;
  const code = grammar ? Prism.highlight(text, grammar, language) : escapeHtml(text);
  return `<div class="gatsby-highlight" data-language="${escapeHtml(language || 'text')}"><pre class="${cls}"><code class="${cls}">${code}</code></pre></div>`;
}

/**
 * Renders a draft's markdown the way the published post page shows it: GFM tables, Prism
 * highlighting, ids on h2–h4 from github-slugger (as gatsby-remark-autolink-headers makes them),
 * focusable tables and the link rules of plugins/rehype-safe-links. Raw HTML is shown as text: the build's
 * markdown mode does not render it either, and an editor's preview must not run a colleague's script.
 */
export function renderMarkdown(markdown: string): string {
  const slugger = new GithubSlugger();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (!(ANCHORED_LEVELS as readonly number[]).includes(depth))
          return `<h${depth}>${inner}</h${depth}>\n`;
        const id = slugger.slug(stripInline(text).trim());
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        return codeBlock(text, lang);
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const kind = classifyHref(href);
        if (kind === 'unsafe') return inner;
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        const external = kind === 'external' ? ' target="_blank" rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(href)}"${titleAttr}${external}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        if (classifyHref(href) === 'unsafe') return escapeHtml(text);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttr}>`;
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  // As plugins/rehype-focusable-tables.ts does for the build: a table scrolls sideways on phones,
  // so it must be reachable by keyboard. Raw HTML is escaped above, so every <table> is marked's.
  return marked.parse(markdown, { async: false }).replace(/<table>/g, '<table tabindex="0">');
}
