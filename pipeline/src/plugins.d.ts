/** The design card's remark plugins ship no types: each takes `{ markdownAST }` and options. */
declare module 'gatsby-remark-autolink-headers' {
  const plugin: (args: { markdownAST: unknown }, options?: object) => unknown;
  export default plugin;
}
declare module 'gatsby-remark-prismjs' {
  const plugin: (args: { markdownAST: unknown }, options?: object) => unknown;
  export default plugin;
}
