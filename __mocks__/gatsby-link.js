// Site code takes Link and navigate from gatsby-link (what gatsby re-exports), so an island's bundle
// does not pull in Gatsby's app runtime. The mocks live here; gatsby's mock hands out the same ones.
const React = require('react');

module.exports = {
  ...jest.requireActual('gatsby-link'),
  Link: jest.fn().mockImplementation(
    // Strip Gatsby-only props so they do not reach the DOM.
    ({
      activeClassName,
      activeStyle,
      getProps,
      innerRef,
      partiallyActive,
      ref,
      replace,
      to,
      ...rest
    }) => React.createElement('a', { ...rest, href: to }),
  ),
  navigate: jest.fn(),
};
