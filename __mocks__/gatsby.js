// The documented Gatsby mock for Jest: real components from gatsby, with the data layer stubbed.
const React = require('react');
const gatsby = jest.requireActual('gatsby');
const link = require('gatsby-link');

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  // The same mocks as gatsby-link's: site code imports Link and navigate from there.
  Link: link.Link,
  Slice: jest
    .fn()
    .mockImplementation(({ alias, ...rest }) =>
      React.createElement('div', { ...rest, 'data-test-slice-alias': alias }),
    ),
  navigate: link.navigate,
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(),
};
