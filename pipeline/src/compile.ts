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
import {
  applyPictures,
  type ImageUse,
  imagesInTree,
  linkUnresolved,
  type PictureOptions,
} from './images';
import { applyLinkRules, makeTablesFocusable } from './links';
import { type MailLinks, mailText } from './mail-text';
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
  /**
   * Every word, on one line (search, reading time); compiled for a mail, the mail's text part
   * with the post's structure kept (see mailText).
   */
  plainText: string;
  excerpt: string;
  readingTime: number;
  wordCount: number;
  /** The pictures the body shows, in order (sources as written, alt text, line). */
  images: ImageUse[];
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
 * The deepest nesting a body may have: quotes and lists inside each other, brackets inside
 * brackets, emphasis inside emphasis. The parser and the tree walks after it recurse once per
 * level, so a few thousand `>` would overflow the stack; no post needs more than a handful.
 */
export const MAX_NESTING = 32;

/** Quote markers and list markers at the start of a line, with the indentation before them. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** Columns of leading white space (a tab reaches the next multiple of four). */
function indentation(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/**
 * Nesting deeper than MAX_NESTING, found by one pass over the text before anything parses it:
 * per line, the quote and list markers it opens (a nested list item's indentation counts one
 * level per two columns); per paragraph, open brackets and emphasis runs that opened and have
 * not closed yet. Fenced code is skipped (it nests nothing). The count can only over-estimate
 * what the parser would build, never miss it.
 */
export function nestingProblem(body: string): BodyProblem | null {
  let fence: string | null = null;
  let brackets = 0;
  let emphasis: EmphasisCount = newEmphasisCount();
  const lines = body.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const lineNumber = index + 1;
    const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? '';
    const rest = line.slice(prefix.length);
    const fenceMark = FENCE.exec(rest)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (prefix) {
      const markers = (prefix.match(/>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/g) ?? []).length;
      const depth = markers + Math.floor(indentation(line) / 2);
      if (depth > MAX_NESTING) {
        return {
          line: lineNumber,
          message: `has quotes or lists nested ${depth} levels deep; at most ${MAX_NESTING} can be published. Flatten them.`,
        };
      }
    }
    if (rest.trim() === '') {
      brackets = 0;
      emphasis = newEmphasisCount();
      continue;
    }
    for (let at = 0; at < rest.length; at += 1) {
      const char = rest[at];
      if (char === '\\') {
        at += 1;
      } else if (char === '`') {
        // A code span (closed on the same line) is text: nothing in it nests.
        let end = at;
        while (rest[end + 1] === '`') end += 1;
        const ticks = rest.slice(at, end + 1);
        const close = rest.indexOf(ticks, end + 1);
        at = close === -1 ? end : close + ticks.length - 1;
      } else if (char === '[') {
        brackets += 1;
        if (brackets > MAX_NESTING) {
          return {
            line: lineNumber,
            message: `has brackets nested more than ${MAX_NESTING} deep; at most ${MAX_NESTING} can be published.`,
          };
        }
      } else if (char === ']') {
        brackets = Math.max(0, brackets - 1);
      } else if (char === '*' || char === '_') {
        let end = at;
        while (rest[end + 1] === char) end += 1;
        const run = end - at + 1;
        const before = rest[at - 1] ?? ' ';
        const after = rest[end + 1] ?? ' ';
        // Flanking and who may open or close, as CommonMark defines them. A run that may only
        // open adds pending levels, one that may only close ends pending ones of its character;
        // one that may do both closes when there is something of its character to close.
        const left =
          !SPACE.test(after) &&
          (!PUNCTUATION.test(after) || SPACE.test(before) || PUNCTUATION.test(before));
        const right =
          !SPACE.test(before) &&
          (!PUNCTUATION.test(before) || SPACE.test(after) || PUNCTUATION.test(after));
        const canOpen = char === '*' ? left : left && (!right || PUNCTUATION.test(before));
        const canClose = char === '*' ? right : right && (!left || PUNCTUATION.test(after));
        const open = emphasis.pending[char];
        if (canClose && (!canOpen || open > 0)) {
          emphasis.pending[char] = Math.max(0, open - run);
          emphasis.closers += run;
        } else if (canOpen) {
          emphasis.pending[char] = open + run;
          const depth = emphasis.pending['*'] + emphasis.pending._;
          if (depth > emphasis.deepest) {
            emphasis.deepest = depth;
            emphasis.line = lineNumber;
          }
        }
        at = end;
      }
    }
    const tooDeep = emphasisProblem(emphasis);
    if (tooDeep) return tooDeep;
  }
  return null;
}

const newEmphasisCount = (): EmphasisCount => ({
  pending: { '*': 0, _: 0 },
  deepest: 0,
  line: 0,
  closers: 0,
});
const SPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

interface EmphasisCount {
  /** Opening runs not closed yet, per character, and the most there were at once (on `line`). */
  pending: Record<'*' | '_', number>;
  deepest: number;
  line: number;
  /** Closing runs seen so far in the paragraph. */
  closers: number;
}

/**
 * Emphasis can nest no deeper than the openers pending at once, nor than the closers there are
 * to end them; a paragraph over the bound on both counts is refused.
 */
function emphasisProblem(count: EmphasisCount): BodyProblem | null {
  if (Math.min(count.deepest, count.closers) <= MAX_NESTING) return null;
  return {
    line: count.line,
    message: `has emphasis (* or _) nested more than ${MAX_NESTING} deep; at most ${MAX_NESTING} can be published.`,
  };
}

/**
 * What would keep a body from being published as it reads in the editor: characters a file cannot
 * carry faithfully (control characters, half of a surrogate pair), and nesting deeper than
 * MAX_NESTING. Markdown itself never fails to parse; anything else is text.
 */
export function checkBody(body: string): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const deep = nestingProblem(body);
  if (deep) problems.push(deep);
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

export interface CompileOptions {
  /**
   * Compile for a mail rather than for the site: headings get no ids and no permalink anchors
   * (a mail has no page to link into), and plainText is the mail's text part, its relative links
   * made absolute with these addresses.
   */
  mail?: MailLinks;
  /**
   * Pictures for the images the body names (see ./images.ts): each `<img>` whose source has one
   * becomes a `<picture>` after the sanitiser ran, built from this data alone.
   */
  pictures?: PictureOptions;
  /** Sources that could not be resolved: each such image becomes a link with its text. */
  unresolvedImages?: readonly string[];
}

/** Compiles a post body; throws CompileError (with lines) for a body that cannot be published. */
export function compileMarkdown(body: string, options: CompileOptions = {}): Compiled {
  const problems = checkBody(body);
  if (problems.length > 0) throw new CompileError(problems);

  const tree = parser.parse(body) as MdastRoot;
  rawHtmlToText(tree);
  normaliseCodeLanguages(tree);
  const images = imagesInTree(tree);
  const words = plainTextOf(tree);
  const plainText = options.mail ? mailText(tree, options.mail) : words;
  const excerpt = excerptOf(tree);
  if (!options.mail) {
    runRemarkPlugin(autolinkHeaders as RemarkPlugin, tree, AUTOLINK_OPTIONS);
    finishAnchors(tree);
  }
  const headings = collectHeadings(tree);
  runRemarkPlugin(prismjs as RemarkPlugin, tree, PRISM_OPTIONS);

  const hast = toHtml.runSync(tree) as HastRoot;
  // After the sanitiser: the markup added here comes from the image service's data, not the body.
  if (options.unresolvedImages?.length) linkUnresolved(hast, new Set(options.unresolvedImages));
  if (options.pictures) applyPictures(hast, options.pictures);
  const html = toHtml.stringify(hast);
  const wordCount = words.split(/\s+/).filter(Boolean).length;
  return {
    html,
    headings,
    plainText,
    excerpt,
    readingTime: Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE)),
    wordCount,
    images,
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
export function outlineMdx(body: string): Omit<Compiled, 'html' | 'images'> {
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
    return previewOf(compileMarkdown(body));
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    return refusedPreview(error);
  }
}

/** The preview of a compiled body, wherever it was compiled (here or on a worker). */
export function previewOf(compiled: Compiled): BodyPreview {
  return {
    html: compiled.html,
    headings: compiled.headings,
    reading_time: compiled.readingTime,
    word_count: compiled.wordCount,
    problems: [],
  };
}

/** The preview of a body the pipeline refused: empty, with its problems. */
export function refusedPreview(error: CompileError): BodyPreview {
  return { html: '', headings: [], reading_time: 1, word_count: 0, problems: error.problems };
}
