import type { GatsbyNode } from 'gatsby';

/**
 * Build-time work lives in the local plugins under plugins/ (blog, projects, seo, delivery); this
 * file only tells webpack how the site's own imports resolve.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ actions }) => {
  actions.setWebpackConfig({
    resolve: {
      alias: {
        '@': `${__dirname}/src`,
        // The contracts' field rules, alone: a page that checks an e-mail address does not carry
        // the API's schemas (the package's own entry is every contract, with TypeBox). Taken from
        // the package's built dist/ like its entry, so a build in another folder (publishing's
        // work folder, which sees only node_modules) resolves it too. (Gatsby compiles this file
        // with Parcel, which leaves require.resolve undefined: the path is spelled out.)
        '@site/contracts/form-fields$': `${__dirname}/node_modules/@site/contracts/dist/form-fields.js`,
        // How end dates and deadlines read, alone, shared with the server's answers and mails.
        '@site/contracts/dates$': `${__dirname}/node_modules/@site/contracts/dist/dates.js`,
        // How a giveaway's phase follows from why its entries are closed, alone.
        '@site/contracts/giveaway-phase$': `${__dirname}/node_modules/@site/contracts/dist/giveaway-phase.js`,
        // The social cards' facts, alone, for every page's head (src/lib/social-card.ts).
        '@site/contracts/social-card$': `${__dirname}/node_modules/@site/contracts/dist/social-card.js`,
        // What the build and the server agree on (which pages are app pages, the elements the
        // server looks for), alone.
        '@site/contracts/site-build$': `${__dirname}/node_modules/@site/contracts/dist/site-build.js`,
        // The blog's listing (contracts/src/blog/: the card's shape, the browse-by filter, the list
        // files' names), which the blog plugin takes from the built package. The browser compiles
        // these modules from their source with the site's own modules, as ES modules, so the pages'
        // chunks hold what they held when the modules lived in src/ (webpack keeps a CommonJS
        // module of the package's dist/ whole, and one module is whole wherever it is used).
        // Reached through node_modules like the package itself, so a build in publishing's work
        // folder finds them too.
        '@site/contracts/blog': `${__dirname}/node_modules/@site/contracts/src/blog`,
        // The facts a content text may name in braces, shared with the build's check of the files
        // (plugins/site-content), compiled the same way.
        '@site/contracts/content-facts$': `${__dirname}/node_modules/@site/contracts/src/content-facts.ts`,
        // apollo-link-rest's one use of qs, without qs's ~50 KB (see src/lib/qs-lite.ts).
        qs$: `${__dirname}/src/lib/qs-lite.ts`,
      },
    },
  });
};
