import type { Element, ElementContent, Root } from 'hast';

/**
 * Link rules for post bodies:
 * - an address starting with "http" opens in a new tab, with rel="noopener noreferrer" so the
 *   opened page cannot reach back through window.opener or learn the referrer;
 * - an address with a scheme other than http, https, irc, ircs, mailto or xmpp (javascript:,
 *   data:, vbscript:, file: …) is not a link: the element is replaced by its text, and an image
 *   with such a source by its alternative text;
 * - relative addresses and #fragments are kept as they are.
 */
export const ALLOWED_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;
/** Images load from the web or the site itself, never from other schemes. */
const IMAGE_SCHEMES = ['http', 'https'];

export type LinkKind = 'external' | 'local' | 'unsafe';

function schemeOf(href: string): { compact: string; scheme: string | null } {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = compact.indexOf(':');
  const firstDelimiter = compact.search(/[/?#]/);
  const hasScheme = colon > 0 && (firstDelimiter === -1 || colon < firstDelimiter);
  return { compact, scheme: hasScheme ? compact.slice(0, colon).toLowerCase() : null };
}

export function classifyHref(href: string): LinkKind {
  const { compact, scheme } = schemeOf(href);
  if (scheme !== null && !(ALLOWED_SCHEMES as readonly string[]).includes(scheme)) return 'unsafe';
  return compact.toLowerCase().startsWith('http') ? 'external' : 'local';
}

function isSafeImage(src: string): boolean {
  const { scheme } = schemeOf(src);
  return scheme === null || IMAGE_SCHEMES.includes(scheme);
}

function transform(parent: Root | Element): void {
  const next: ElementContent[] = [];
  for (const child of parent.children as ElementContent[]) {
    if (child.type !== 'element') {
      next.push(child);
      continue;
    }
    transform(child);
    if (child.tagName === 'a' && typeof child.properties?.href === 'string') {
      const kind = classifyHref(child.properties.href);
      if (kind === 'unsafe') {
        next.push(...child.children);
        continue;
      }
      if (kind === 'external') {
        child.properties = {
          ...child.properties,
          target: '_blank',
          rel: ['noopener', 'noreferrer'],
        };
      }
    }
    if (child.tagName === 'img' && typeof child.properties?.src === 'string') {
      if (!isSafeImage(child.properties.src)) {
        const alt = child.properties.alt;
        if (typeof alt === 'string' && alt !== '') next.push({ type: 'text', value: alt });
        continue;
      }
    }
    next.push(child);
  }
  parent.children = next as typeof parent.children;
}

/** Applies the link rules to a hast tree in place. */
export function applyLinkRules(tree: Root): void {
  transform(tree);
}

/** A wide table scrolls sideways inside its own box on phones; tabindex makes it reachable by keyboard. */
export function makeTablesFocusable(node: Root | Root['children'][number]): void {
  if (node.type === 'element' && node.tagName === 'table') {
    node.properties = { ...node.properties, tabIndex: 0 };
  }
  if ('children' in node) for (const child of node.children) makeTablesFocusable(child);
}

/** The link and table rules as a rehype plugin, for gatsby-plugin-mdx's .mdx posts. */
export function rehypePostRules() {
  return (tree: Root): void => {
    applyLinkRules(tree);
    makeTablesFocusable(tree);
  };
}
