/** Two Jest projects: the Gatsby site (jsdom + Babel) and the API (node + SWC). */
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  // argon2 hashing, PostgreSQL round trips and MSW-driven forms are slow on a busy 2-core machine.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'site',
      rootDir: __dirname,
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: [
        '<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}',
        '<rootDir>/plugins/**/__tests__/**/*.test.{ts,tsx}',
      ],
      transform: {
        // marked ships ES modules with private class methods; SWC compiles them (listed first: the
        // first matching pattern wins).
        '/node_modules/marked/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' } }],
        '^.+\\.[jt]sx?$': [
          'babel-jest',
          { configFile: path.join(__dirname, 'jest/babel.config.js') },
        ],
        // ES-module-only dependencies (see transformIgnorePatterns) are compiled to CommonJS by SWC,
        // which handles their modern class syntax without extra Babel plugins.
        '^.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' } }],
      },
      moduleNameMapper: {
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@site/contracts$': '<rootDir>/contracts/src/index.ts',
        '.+\\.(css|styl|less|sass|scss)$': 'identity-obj-proxy',
        '.+\\.(jpg|jpeg|png|gif|svg|webp|mp3|wav|ogg)$': '<rootDir>/jest/file-mock.js',
      },
      testPathIgnorePatterns: ['node_modules', '\\.cache', '<rootDir>/public'],
      // Compiled despite living in node_modules: Gatsby's packages, marked (ES modules only, used by
      // the editor's preview), and MSW 2's ES-module-only dependencies (until-async, and every
      // .mjs file such as rettime's).
      transformIgnorePatterns: [
        'node_modules/(?!(gatsby|gatsby-script|gatsby-link|until-async|marked)/)(?!.+\\.mjs$)',
      ],
      globals: { __PATH_PREFIX__: '' },
      setupFiles: ['<rootDir>/jest/loadershim.js'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-site.ts'],
    },
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/test/**/*.test.ts'],
      transform: {
        '^.+\\.[tj]s$': [
          '@swc/jest',
          { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
        ],
      },
      // cookie@2 (used by Fastify's inject) ships only ES modules; Node 20 loads it natively, Jest needs it compiled.
      transformIgnorePatterns: ['/node_modules/(?!(light-my-request/node_modules/)?cookie/)'],
      moduleNameMapper: { '^@site/contracts$': '<rootDir>/contracts/src/index.ts' },
    },
  ],
};
