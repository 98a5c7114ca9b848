import type { Content, Definition, Parent, Root as MdastRoot, Table } from 'mdast';
import { visit } from 'unist-util-visit';

/** Where a post's relative links point when its text is read outside the site (in a mail). */
export interface MailLinks {
  /** The site's public origin, e.g. https://example.com (no trailing slash). */
  siteUrl: string;
  /** The post's own page: anchor-only links (#…) point there. */
  pageUrl: string;
}

/**
 * A post as the plain-text part of a mail: what a reader of a text-only mail program needs to
 * follow the post's structure. Paragraphs, headings, lists, quotes, code blocks and tables are
 * blocks with a blank line between them; a heading stands on its own line; a list item starts
 * with "- " (or its number in an ordered list) and nested lists are indented by two spaces; each
 * table row is one line of cells separated by " | "; a quote's lines start with "> "; a code
 * block keeps its lines, indented by four spaces. A link reads "text (address)", with the address
 * made absolute; an image reads as its alt text. The text is text: nothing in it is markup.
 */
export function mailText(tree: MdastRoot, links: MailLinks): string {
  const definitions = new Map<string, Definition>();
  visit(tree, 'definition', (node: Definition) => {
    definitions.set(node.identifier.toLowerCase(), node);
  });
  const footnotes: string[] = [];

  const absolute = (url: string): string => {
    if (url.startsWith('#')) return `${links.pageUrl}${url}`;
    if (url.startsWith('/') && !url.startsWith('//')) return `${links.siteUrl}${url}`;
    return url;
  };

  const withAddress = (text: string, url: string): string => {
    const address = absolute(url);
    const bare = address.replace(/^mailto:/i, '');
    if (text.trim() === '') return address;
    return text === address || text === bare || text === url ? text : `${text} (${address})`;
  };

  /** The inline content of a block, on one line except where the author broke it. */
  const inline = (nodes: Content[]): string => {
    const out: string[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          out.push(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
          break;
        case 'inlineCode':
          out.push(node.value);
          break;
        case 'break':
          out.push('\n');
          break;
        case 'image':
          out.push(node.alt ?? '');
          break;
        case 'imageReference':
          out.push(node.alt ?? '');
          break;
        case 'link':
          out.push(withAddress(inline(node.children as Content[]), node.url));
          break;
        case 'linkReference': {
          const text = inline(node.children as Content[]);
          const definition = definitions.get(node.identifier.toLowerCase());
          out.push(definition ? withAddress(text, definition.url) : text);
          break;
        }
        case 'footnoteReference':
          out.push(`[${node.label ?? node.identifier}]`);
          break;
        case 'html':
          out.push(node.value);
          break;
        default:
          if ('children' in node) out.push(inline((node as Parent).children as Content[]));
      }
    }
    return out.join('');
  };

  const indent = (text: string, first: string, rest: string): string =>
    text
      .split('\n')
      .map((line, index) => (line === '' ? '' : `${index === 0 ? first : rest}${line}`))
      .join('\n');

  const tableText = (table: Table): string =>
    table.children
      .map((row) =>
        row.children.map((cell) => inline(cell.children as Content[]).trim()).join(' | '),
      )
      .join('\n');

  /** Blocks of a container, a blank line between them (a tight list item's blocks too). */
  const blocks = (nodes: Content[]): string =>
    nodes
      .map(block)
      .filter((text) => text !== '')
      .join('\n\n');

  function block(node: Content): string {
    switch (node.type) {
      case 'paragraph':
        return inline(node.children as Content[]).trim();
      case 'heading':
        return inline(node.children as Content[]).trim();
      case 'thematicBreak':
        return '----';
      case 'code':
        return indent(node.value, '    ', '    ');
      case 'blockquote':
        return blocks(node.children as Content[])
          .split('\n')
          .map((line) => (line === '' ? '>' : `> ${line}`))
          .join('\n');
      case 'list': {
        const start = node.start ?? 1;
        const items = node.children.map((item, index) => {
          const marker = node.ordered ? `${start + index}. ` : '- ';
          const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
          const body = item.spread
            ? blocks(item.children as Content[])
            : (item.children as Content[])
                .map(block)
                .filter((text) => text !== '')
                .join('\n');
          return indent(`${check}${body}`, marker, ' '.repeat(marker.length));
        });
        return items.join(node.spread ? '\n\n' : '\n');
      }
      case 'table':
        return tableText(node);
      case 'definition':
        return '';
      case 'footnoteDefinition':
        footnotes.push(
          indent(blocks(node.children as Content[]), `[${node.label ?? node.identifier}] `, '    '),
        );
        return '';
      case 'html':
        return node.value;
      default:
        return 'children' in node ? blocks((node as Parent).children as Content[]) : '';
    }
  }

  const body = blocks(tree.children);
  return [body, ...footnotes]
    .filter((text) => text !== '')
    .join('\n\n')
    .replace(/[ \t]+$/gm, '');
}
