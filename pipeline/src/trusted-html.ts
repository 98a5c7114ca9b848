import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { h, s } from 'hastscript';

/**
 * The HTML that the design card's remark plugins write (Prism's highlighted code, the heading
 * anchor's icon) reaches the HTML tree as "raw" nodes, which the sanitiser cannot inspect. Each is
 * turned into elements here so the sanitiser sees every tag and attribute.
 *
 * The plugins write a small, regular subset of HTML (nested div/pre/code/span/svg/path with quoted
 * attributes and five entities), so that subset is read directly, which is several times cheaper
 * than a full HTML parse of every highlighted token. Anything outside it goes to the standard
 * parser (parse5) instead; either way the sanitiser runs afterwards.
 */
const FAST_TAGS = new Set(['div', 'pre', 'code', 'span', 'svg', 'path']);
const TOKEN = /<\/([a-z]+)>|<([a-z]+)((?:\s+[a-zA-Z][\w:-]*="[^"<>]*")*)\s*>|([^<]+)/y;
const ATTRIBUTE = /([a-zA-Z][\w:-]*)="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const ENTITY = /&[#\w]*;?/g;

class Unreadable extends Error {}

function decode(text: string): string {
  return text.replace(ENTITY, (entity) => {
    const value = ENTITIES[entity];
    if (value === undefined) throw new Unreadable(entity);
    return value;
  });
}

interface Open {
  element: Element | Root;
  name: string;
  svg: boolean;
}

function readFast(html: string): ElementContent[] {
  const root: Root = { type: 'root', children: [] };
  const stack: Open[] = [{ element: root, name: '', svg: false }];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(html);
    if (!match || match.index !== start) throw new Unreadable(html.slice(start, start + 20));
    const [, closing, opening, attributes, text] = match;
    const top = stack[stack.length - 1] as Open;
    if (text !== undefined) {
      top.element.children.push({ type: 'text', value: decode(text) });
    } else if (closing !== undefined) {
      if (closing !== top.name) throw new Unreadable(`</${closing}>`);
      stack.pop();
    } else if (opening !== undefined) {
      if (!FAST_TAGS.has(opening)) throw new Unreadable(`<${opening}>`);
      const props: Record<string, string> = {};
      for (const [, name, value] of (attributes ?? '').matchAll(ATTRIBUTE)) {
        props[name as string] = decode(value as string);
      }
      const svg = top.svg || opening === 'svg';
      const element = svg ? s(opening, props) : h(opening, props);
      top.element.children.push(element);
      stack.push({ element, name: opening, svg });
    }
  }
  if (stack.length !== 1) throw new Unreadable('unclosed element');
  return root.children as ElementContent[];
}

export function readTrustedHtml(html: string): ElementContent[] {
  try {
    return readFast(html);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    return fromHtml(html, { fragment: true }).children as ElementContent[];
  }
}

/** Replaces every raw node of a tree with the elements it stands for. */
export function expandRawNodes(parent: Root | Element): void {
  const next: Root['children'] = [];
  for (const child of parent.children) {
    if (child.type === 'raw') {
      next.push(...readTrustedHtml(child.value));
    } else {
      if (child.type === 'element') expandRawNodes(child);
      next.push(child);
    }
  }
  parent.children = next as typeof parent.children;
}
