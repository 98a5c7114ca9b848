/**
 * Rehype plugin for blog bodies (SPEC §2):
 * - links whose address starts with "http" open in a new tab, with rel="noopener noreferrer" so the
 *   opened page cannot reach back through window.opener or learn the referrer;
 * - an address with a scheme other than http, https, irc, ircs, mailto or xmpp (javascript:, data:,
 *   vbscript:, file: …) is not rendered as a link: the element is replaced by its content;
 * - relative addresses and #fragments are kept as they are.
 *
 * It is a plain tree walk over the few node shapes it needs, so it carries no dependencies.
 */

export const ALLOWED_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

export type LinkKind = 'external' | 'local' | 'unsafe';

export function classifyHref(href: string): LinkKind {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = compact.indexOf(':');
  const firstDelimiter = compact.search(/[/?#]/);
  const hasScheme = colon > 0 && (firstDelimiter === -1 || colon < firstDelimiter);
  if (
    hasScheme &&
    !(ALLOWED_SCHEMES as readonly string[]).includes(compact.slice(0, colon).toLowerCase())
  ) {
    return 'unsafe';
  }
  return compact.toLowerCase().startsWith('http') ? 'external' : 'local';
}

interface HastNode {
  type: string;
  tagName?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: HastNode[];
}

function hrefOf(node: HastNode): { href: string | null; isLink: boolean } {
  if (node.type === 'element' && node.tagName === 'a') {
    const href = node.properties?.href;
    return { href: typeof href === 'string' ? href : null, isLink: true };
  }
  if (
    (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') &&
    node.name === 'a'
  ) {
    const attribute = node.attributes?.find(
      (item) => item.type === 'mdxJsxAttribute' && item.name === 'href',
    );
    return { href: typeof attribute?.value === 'string' ? attribute.value : null, isLink: true };
  }
  return { href: null, isLink: false };
}

function markExternal(node: HastNode): void {
  if (node.type === 'element') {
    node.properties = { ...node.properties, target: '_blank', rel: ['noopener', 'noreferrer'] };
    return;
  }
  const attributes = (node.attributes ?? []).filter(
    (item) => !(item.type === 'mdxJsxAttribute' && (item.name === 'target' || item.name === 'rel')),
  );
  attributes.push({ type: 'mdxJsxAttribute', name: 'target', value: '_blank' });
  attributes.push({ type: 'mdxJsxAttribute', name: 'rel', value: 'noopener noreferrer' });
  node.attributes = attributes;
}

function transformChildren(parent: HastNode): void {
  if (!parent.children) return;
  const next: HastNode[] = [];
  for (const child of parent.children) {
    transformChildren(child);
    const { href, isLink } = hrefOf(child);
    if (isLink && href !== null) {
      const kind = classifyHref(href);
      if (kind === 'unsafe') {
        next.push(...(child.children ?? []));
        continue;
      }
      if (kind === 'external') markExternal(child);
    }
    next.push(child);
  }
  parent.children = next;
}

export function rehypeSafeLinks() {
  return (tree: HastNode): void => {
    transformChildren(tree);
  };
}
