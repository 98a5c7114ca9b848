/**
 * Rehype plugin for blog bodies: wide tables scroll sideways inside their own box on phones, and a
 * scrolling region must be reachable by keyboard (WCAG 2.1.1), so every table gets tabindex="0".
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export function makeTablesFocusable(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'table') {
    node.properties = { ...node.properties, tabIndex: 0 };
  }
  for (const child of node.children ?? []) makeTablesFocusable(child);
}

export function rehypeFocusableTables() {
  return (tree: HastNode) => {
    makeTablesFocusable(tree);
  };
}
