import GithubSlugger from 'github-slugger';

/**
 * Small, dependency-free readings of a post's markdown body: headings for the table of contents,
 * plain text for the excerpt and the search index, and a reading time. The real rendering goes
 * through gatsby-plugin-mdx; these only need to agree with it where it matters (heading ids).
 */

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** gatsby-remark-autolink-headers is configured for these levels only, so only they get ids. */
export const ANCHORED_LEVELS = [2, 3, 4] as const;

interface Block {
  kind: 'code' | 'text';
  lines: string[];
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** Splits the body into fenced code blocks and everything else. */
function splitFences(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block = { kind: 'text', lines: [] };
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    if (fence === null) {
      const open = FENCE_OPEN.exec(line);
      if (open) {
        blocks.push(current);
        fence = open[1] as string;
        current = { kind: 'code', lines: [] };
        continue;
      }
      current.lines.push(line);
    } else {
      const trimmed = line.trim();
      if (
        trimmed.startsWith(fence) &&
        trimmed.replace(/[`~]/g, '') === '' &&
        trimmed[0] === fence[0]
      ) {
        blocks.push(current);
        fence = null;
        current = { kind: 'text', lines: [] };
        continue;
      }
      current.lines.push(line);
    }
  }
  blocks.push(current);
  return blocks.filter((block) => block.lines.length > 0);
}

/**
 * Inline markdown to the text mdast-util-to-string would give (what autolink-headers slugs):
 * code spans keep their content, links and images keep their text, emphasis markers go.
 */
export function stripInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/`+([^`]*?)`+/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!~|>])/g, '$1');
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

export function extractHeadings(markdown: string): Heading[] {
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  for (const block of splitFences(markdown)) {
    if (block.kind === 'code') continue;
    for (const line of block.lines) {
      const match = ATX.exec(line);
      if (!match) continue;
      const level = (match[1] as string).length;
      if (!(ANCHORED_LEVELS as readonly number[]).includes(level)) continue;
      const text = stripInline(match[2] as string).trim();
      headings.push({ level, text, id: slugger.slug(text) });
    }
  }
  return headings;
}

function textLineToPlain(line: string): string {
  if (/^\s*(import|export)\s/.test(line)) return '';
  if (/^\s*\|?\s*:?-{3,}/.test(line) && /^[\s|:-]+$/.test(line)) return '';
  const withoutBlockMarkers = line
    .replace(/^ {0,3}#{1,6}[ \t]+/, '')
    .replace(/^\s*>\s?/, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/\|/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ');
  return stripInline(withoutBlockMarkers);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Plain text of the whole body, code included (readers search for API names). */
export function toPlainText(markdown: string): string {
  return collapse(
    splitFences(markdown)
      .map((block) =>
        block.kind === 'code' ? block.lines.join(' ') : block.lines.map(textLineToPlain).join('\n'),
      )
      .join('\n'),
  );
}

const EXCERPT_LENGTH = 180;

/** The first prose paragraph, cut at a word boundary. Headings, lists, tables and code are skipped. */
export function deriveExcerpt(markdown: string, maxLength = EXCERPT_LENGTH): string {
  for (const block of splitFences(markdown)) {
    if (block.kind === 'code') continue;
    const paragraphs = block.lines.join('\n').split(/\n\s*\n/);
    for (const paragraph of paragraphs) {
      const firstLine = paragraph.trimStart();
      if (firstLine === '' || /^(#|\||>|[-*+] |\d+[.)] |<|import |export )/.test(firstLine))
        continue;
      const text = collapse(paragraph.split('\n').map(textLineToPlain).join(' '));
      if (text === '') continue;
      if (text.length <= maxLength) return text;
      const cut = text.slice(0, maxLength + 1);
      const lastSpace = cut.lastIndexOf(' ');
      return `${cut.slice(0, lastSpace > 0 ? lastSpace : maxLength).replace(/[\s,;:.]+$/, '')}…`;
    }
  }
  return '';
}

const WORDS_PER_MINUTE = 200;

export function readingTimeMinutes(plainText: string): number {
  const words = plainText.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
