/** The design card's remark plugins ship no types: each takes `{ markdownAST }` and options. */
declare module 'gatsby-remark-autolink-headers' {
  const plugin: (args: { markdownAST: unknown }, options?: object) => unknown;
  export default plugin;
}
declare module 'gatsby-remark-prismjs' {
  const plugin: (args: { markdownAST: unknown }, options?: object) => unknown;
  export default plugin;
}
/** The RSS writer gatsby-plugin-feed uses (rss 1.x), as far as the feed needs it. */
declare module 'rss' {
  interface ItemOptions {
    title: string;
    description: string;
    url: string;
    guid: string;
    date: string;
    author?: string;
    categories: string[];
  }
  class RSS {
    constructor(options: Record<string, unknown>);
    item(options: ItemOptions): this;
    xml(): string;
  }
  export default RSS;
}
