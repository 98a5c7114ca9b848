// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the server and site type-check this file from their own programs, which do not include plugins.d.ts on their own
/// <reference path="./plugins.d.ts" />
import autolinkHeaders from 'gatsby-remark-autolink-headers';
import prismjs from 'gatsby-remark-prismjs';
import type { Root as HastRoot } from 'hast';
import type { Code, Content, Heading as MdastHeading, Parent, Root as MdastRoot } from 'mdast';
import { toString } from 'mdast-util-to-string';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { applyLinkRules, makeTablesFocusable } from './links';
import { sanitizeSchema } from './sanitize-schema';
import { expandRawNodes } from './trusted-html';

/**
 * The one markdown compiler. A post body goes in as text; out come the HTML the post page shows,
 * its headings (the table of contents), its plain text (search, reading time) and its excerpt, all
 * read from one syntax tree. The Gatsby build, the drafts API's checks and the editor's preview
 * (which asks the API) all call this, so what an editor previews is what gets published.
 *
 * Nothing an author writes runs: markdown is parsed (CommonMark + GFM), never evaluated as MDX;
 * raw HTML in the body is shown as text (HTML comments are dropped); the design card's remark
 * plugins do their jobs on the tree (gatsby-remark-autolink-headers anchors h2–h4,
 * gatsby-remark-prismjs highlights code at build time); and an allowlist sanitiser is the last
 * step before the HTML is written out.
 */

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface BodyProblem {
  /** 1-based line of the body. */
  line: number;
  message: string;
}

export interface Compiled {
  html: string;
  headings: Heading[];
  plainText: string;
  excerpt: string;
  readingTime: number;
  wordCount: number;
}

/** Only these levels get ids, anchors and a place in the table of contents. */
export const ANCHORED_LEVELS = [2, 3, 4] as const;
const AUTOLINK_OPTIONS = {
  isIconAfterHeader: true,
  elements: ANCHORED_LEVELS.map((level) => `h${level}`),
};
const PRISM_OPTIONS = { noInlineHighlight: true };
const EXCERPT_LENGTH = 180;
const WORDS_PER_MINUTE = 200;

const parser = unified().use(remarkParse).use(remarkGfm).freeze();
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).freeze();
const toHtml = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(() => (tree: HastRoot) => {
    expandRawNodes(tree);
    applyLinkRules(tree);
    makeTablesFocusable(tree);
  })
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeStringify)
  .freeze();

const COMMENT = /^<!--[\s\S]*-->\s*$/;
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Raw HTML becomes the text it is: a `<script>` in a post reads as "<script>" on the page. A
 * complete HTML comment is a note to fellow authors and is left out. Raw HTML that stands as a
 * block of its own becomes a paragraph of text.
 */
function rawHtmlToText(tree: MdastRoot): void {
  visit(tree, 'html', (node, index, parent) => {
    if (!parent || index === null) return undefined;
    const siblings = (parent as Parent).children as Content[];
    if (COMMENT.test(node.value)) {
      siblings.splice(index, 1);
      return index;
    }
    const text = { type: 'text' as const, value: node.value, data: { rawHtml: true } };
    siblings[index] = BLOCK_PARENTS.has(parent.type)
      ? ({ type: 'paragraph', children: [text], data: { rawHtml: true } } as Content)
      : (text as Content);
    return undefined;
  });
}

/**
 * A fence's info string ("```js{1,3}") chooses the Prism language and the highlighted lines. The
 * plugin writes the language into class and data attributes as is, and treats "none" as "do not
 * escape": anything but a plain language name (and line ranges) is dropped, and "none" is text.
 */
const LANGUAGE = /^([A-Za-z0-9_+#-]{1,40})(\{[\d,\s-]*\})?$/;
function normaliseCodeLanguages(tree: MdastRoot): void {
  visit(tree, 'code', (node: Code) => {
    node.meta = null;
    if (!node.lang) return;
    const match = LANGUAGE.exec(node.lang);
    if (!match) {
      node.lang = null;
      return;
    }
    if ((match[1] ?? '').toLowerCase() === 'none') node.lang = `text${match[2] ?? ''}`;
  });
}

/**
 * Heading ids come from the heading's text. Ids the site's own markup or scripts use (Gatsby's
 * ___gatsby and gatsby-* elements, the layout's main, "user-content-" footnotes) are kept off
 * limits, so a heading cannot shadow them: such a heading gets "section-" in front.
 */
const RESERVED_ID = /^(?:_|gatsby|user-content|main$|footnote-label$)/;
interface AnchoredData {
  id?: string;
  hProperties?: Record<string, unknown>;
  htmlAttributes?: Record<string, unknown>;
}

/**
 * Settles each anchored heading's id and gives its permalink the property names of an HTML tree
 * (the plugin writes attribute names, "aria-label" and "class", meant for an HTML string).
 */
function finishAnchors(tree: MdastRoot): void {
  const taken = new Set<string>();
  visit(tree, 'heading', (node: MdastHeading) => {
    const data = node.data as AnchoredData | undefined;
    if (data?.id) taken.add(data.id);
  });
  visit(tree, 'heading', (node: MdastHeading) => {
    const data = node.data as AnchoredData | undefined;
    const old = data?.id;
    if (!data || !old) return;
    let id = old;
    if (RESERVED_ID.test(old)) {
      id = `section-${old.replace(/^_+/, '') || 'heading'}`;
      for (let n = 1; taken.has(id); n += 1) id = `section-${old.replace(/^_+/, '')}-${n}`;
      taken.add(id);
    }
    data.id = id;
    data.hProperties = { id };
    delete data.htmlAttributes;
    for (const child of node.children) {
      if (child.type !== 'link' || child.url !== `#${old}`) continue;
      child.url = `#${id}`;
      const link = (child.data ?? {}) as AnchoredData;
      link.hProperties = {
        ariaLabel: `${id.split('-').join(' ')} permalink`,
        className: ['anchor', 'after'],
      };
      child.data = link as typeof child.data;
    }
  });
}

function collectHeadings(tree: MdastRoot): Heading[] {
  const headings: Heading[] = [];
  visit(tree, 'heading', (node: MdastHeading) => {
    const id = (node.data as AnchoredData | undefined)?.id;
    if (!id || !(ANCHORED_LEVELS as readonly number[]).includes(node.depth)) return;
    headings.push({ level: node.depth, text: toString(node).trim(), id });
  });
  return headings;
}

const BLOCK_TYPES = new Set([
  'paragraph',
  'heading',
  'code',
  'blockquote',
  'listItem',
  'tableRow',
  'tableCell',
  'thematicBreak',
  'footnoteDefinition',
]);

/** Every word a reader sees, code included (readers search for API names), blocks kept apart. */
function plainTextOf(tree: MdastRoot): string {
  const parts: string[] = [];
  const walk = (node: Content | MdastRoot) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      parts.push(node.value);
    } else if (node.type === 'image') {
      parts.push(node.alt ?? '');
    } else if (node.type === 'break') {
      parts.push(' ');
    }
    if ('children' in node) for (const child of node.children as Content[]) walk(child);
    if (BLOCK_TYPES.has(node.type)) parts.push('\n');
  };
  walk(tree);
  return collapse(parts.join(''));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first paragraph of prose (not raw HTML shown as text), cut at a word boundary. */
function excerptOf(tree: MdastRoot, maxLength = EXCERPT_LENGTH): string {
  for (const node of tree.children) {
    if (node.type !== 'paragraph' || (node.data as { rawHtml?: boolean } | undefined)?.rawHtml) {
      continue;
    }
    const text = collapse(plainTextOf({ type: 'root', children: [node] }));
    if (text === '') continue;
    if (text.length <= maxLength) return text;
    const cut = text.slice(0, maxLength + 1);
    const lastSpace = cut.lastIndexOf(' ');
    return `${cut.slice(0, lastSpace > 0 ? lastSpace : maxLength).replace(/[\s,;:.]+$/, '')}…`;
  }
  return '';
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What would keep a body from being published as it reads in the editor: characters a file cannot
 * carry faithfully (control characters, half of a surrogate pair). Markdown itself never fails to
 * parse; anything else is text.
 */
export function checkBody(body: string): BodyProblem[] {
  const problems: BodyProblem[] = [];
  body.split(/\r?\n/).forEach((line, index) => {
    if (CONTROL.test(line)) {
      problems.push({
        line: index + 1,
        message: 'contains an invisible control character; delete it and type the text again.',
      });
    } else if (LONE_SURROGATE.test(line)) {
      problems.push({
        line: index + 1,
        message: 'contains a broken character (half of an emoji or symbol); type it again.',
      });
    }
  });
  return problems;
}

export class CompileError extends Error {
  constructor(public readonly problems: BodyProblem[]) {
    super(problems.map((p) => `line ${p.line}: ${p.message}`).join('; '));
    this.name = 'CompileError';
  }
}

type RemarkPlugin = (args: { markdownAST: MdastRoot }, options: object) => unknown;

/**
 * Runs one of the design card's remark plugins. If it throws, each code block is tried alone so
 * the problem can be named by its line (the only input these plugins can trip over is a code
 * fence's language).
 */
function runRemarkPlugin(plugin: RemarkPlugin, tree: MdastRoot, options: object): void {
  try {
    plugin({ markdownAST: tree }, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    let line = 1;
    visit(tree, 'code', (node: Code) => {
      try {
        plugin({ markdownAST: { type: 'root', children: [{ ...node }] } }, options);
      } catch {
        line = node.position?.start.line ?? line;
        return false;
      }
      return undefined;
    });
    throw new CompileError([{ line, message: `cannot be highlighted: ${reason}` }]);
  }
}

/** Compiles a post body; throws CompileError (with lines) for a body that cannot be published. */
export function compileMarkdown(body: string): Compiled {
  const problems = checkBody(body);
  if (problems.length > 0) throw new CompileError(problems);

  const tree = parser.parse(body) as MdastRoot;
  rawHtmlToText(tree);
  normaliseCodeLanguages(tree);
  const plainText = plainTextOf(tree);
  const excerpt = excerptOf(tree);
  runRemarkPlugin(autolinkHeaders as RemarkPlugin, tree, AUTOLINK_OPTIONS);
  finishAnchors(tree);
  const headings = collectHeadings(tree);
  runRemarkPlugin(prismjs as RemarkPlugin, tree, PRISM_OPTIONS);

  const hast = toHtml.runSync(tree) as HastRoot;
  const html = toHtml.stringify(hast);
  const wordCount = plainText.split(/\s+/).filter(Boolean).length;
  return {
    html,
    headings,
    plainText,
    excerpt,
    readingTime: Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE)),
    wordCount,
  };
}

const MDX_CODE = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);
const MDX_ELEMENTS = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement']);

/** An MDX tree with its code left out and its components replaced by what they wrap. */
function withoutMdx(parent: Parent): void {
  const next: Content[] = [];
  for (const child of parent.children as Content[]) {
    const type = child.type as string;
    if (MDX_CODE.has(type)) continue;
    if ('children' in child) withoutMdx(child as Parent);
    if (MDX_ELEMENTS.has(type)) next.push(...((child as Parent).children as Content[]));
    else next.push(child);
  }
  parent.children = next;
}

/**
 * Headings, plain text and excerpt of an MDX post (files that come through git from people trusted
 * with code; gatsby-plugin-mdx compiles their body). Read from the MDX syntax tree with the same
 * rules as compileMarkdown, and heading ids made by the same autolink plugin that gatsby-plugin-mdx
 * runs, so the table of contents points at the page's own anchors.
 */
export function outlineMdx(body: string): Omit<Compiled, 'html'> {
  const tree = mdxParser.parse(body) as MdastRoot;
  // Ids first, on the tree as gatsby-plugin-mdx sees it; text after the code is left out.
  runRemarkPlugin(autolinkHeaders as RemarkPlugin, tree, AUTOLINK_OPTIONS);
  withoutMdx(tree);
  const plainText = plainTextOf(tree);
  const excerpt = excerptOf(tree);
  const headings = collectHeadings(tree);
  const wordCount = plainText.split(/\s+/).filter(Boolean).length;
  return {
    headings,
    plainText,
    excerpt,
    readingTime: Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE)),
    wordCount,
  };
}

/** What the editor's preview shows: the compiled body, or the lines that keep it unpublished. */
export interface BodyPreview {
  html: string;
  headings: Heading[];
  reading_time: number;
  word_count: number;
  problems: BodyProblem[];
}

/**
 * A body compiled exactly as publishing will compile it, for the editor's preview. A body the
 * pipeline refuses comes back empty with its problems, never as an error.
 */
export function previewMarkdown(body: string): BodyPreview {
  try {
    const compiled = compileMarkdown(body);
    return {
      html: compiled.html,
      headings: compiled.headings,
      reading_time: compiled.readingTime,
      word_count: compiled.wordCount,
      problems: [],
    };
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    return { html: '', headings: [], reading_time: 1, word_count: 0, problems: error.problems };
  }
}
