/** Three Jest projects: the site (jsdom + Babel), build-time code (node) and the API (node + SWC). */
const fs = require('node:fs');
const path = require('node:path');

/**
 * Packages that ship only ES modules ("type": "module"): the unified/remark/rehype family, MSW's
 * helpers and others. Jest runs CommonJS, so these are compiled by SWC; every other file under
 * node_modules is left as it is. Read from node_modules so a new ES-module-only dependency needs no
 * edit here.
 */
function esModulePackages() {
  const found = new Set();
  const scan = (dir, scope) => {
    let entries;
    try {
      entries = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      if (name.startsWith('.')) continue;
      if (!scope && name.startsWith('@')) {
        scan(path.join(dir, name), name);
        continue;
      }
      const folder = path.join(dir, name);
      try {
        const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
        if (manifest.type === 'module') found.add(scope ? `${scope}/${name}` : name);
      } catch {
        continue;
      }
      // Another version of a package may be nested under its dependant.
      scan(path.join(folder, 'node_modules'), null);
    }
  };
  for (const workspace of ['.', 'contracts', 'pipeline', 'server']) {
    scan(path.join(__dirname, workspace, 'node_modules'), null);
  }
  return [...found].sort().map((name) => name.replace(/[.+]/g, '\\$&'));
}
const esm = esModulePackages();
// Gatsby's own packages ship untranspiled JSX and ES syntax for the browser.
const compiled = ['gatsby', 'gatsby-script', 'gatsby-link', ...esm];
const transformIgnorePatterns = [`/node_modules/(?!(${compiled.join('|')})/)(?!.+\\.mjs$)`];
const swc = ['@swc/jest', { jsc: { target: 'es2022' } }];
const swcTs = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }];
const workspaces = {
  '^@site/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@site/contracts/form-fields$': '<rootDir>/contracts/src/form-fields.ts',
  '^@site/contracts/dates$': '<rootDir>/contracts/src/dates.ts',
  '^@site/contracts/giveaway-phase$': '<rootDir>/contracts/src/giveaway-phase.ts',
  '^@site/contracts/social-card$': '<rootDir>/contracts/src/social-card.ts',
  '^@site/contracts/site-build$': '<rootDir>/contracts/src/site-build.ts',
  '^@site/contracts/static-rules$': '<rootDir>/contracts/src/static-rules.ts',
  '^@site/contracts/blog/(.*)$': '<rootDir>/contracts/src/blog/$1',
  '^@site/contracts/content-facts$': '<rootDir>/contracts/src/content-facts.ts',
  '^@site/contracts/request-slots$': '<rootDir>/contracts/src/request-slots.ts',
  '^@site/pipeline$': '<rootDir>/pipeline/src/index.ts',
  '^@site/pipeline/image-service$': '<rootDir>/pipeline/src/image-service/index.ts',
};

/**
 * Local plugins whose tests start the production server (a plugin's tests live beside it, in
 * plugins/<name>/__tests__): they run with the API's tests (`npm run test:api`), not the build's.
 */
const serverRunPluginTests = ['<rootDir>/plugins/dev-tools/'];

/** @type {import('jest').Config} */
module.exports = {
  // argon2 hashing, PostgreSQL round trips and MSW-driven forms are slow on a busy 2-core machine.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'site',
      rootDir: __dirname,
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
      transform: {
        // The first matching pattern wins: dependencies go through SWC, our code through Babel
        // (babel-preset-gatsby and the styled-components plugin, as in the real build).
        '/node_modules/.+\\.m?js$': swc,
        '^.+\\.[jt]sx?$': [
          'babel-jest',
          { configFile: path.join(__dirname, 'jest/babel.config.js') },
        ],
      },
      // The first matching pattern wins: stylesheets and media are stubbed before the @/ alias
      // would map them to the real file.
      moduleNameMapper: {
        '.+\\.(css|styl|less|sass|scss)$': 'identity-obj-proxy',
        '.+\\.(jpg|jpeg|png|gif|svg|webp|mp3|wav|ogg)$': '<rootDir>/jest/file-mock.js',
        '^@/(.*)$': '<rootDir>/src/$1',
        ...workspaces,
        // jsdom would pick yaml's browser build (ES modules); the pipeline runs on Node.
        '^yaml$': require.resolve('yaml', { paths: [path.join(__dirname, 'pipeline')] }),
      },
      testPathIgnorePatterns: ['node_modules', '\\.cache', '<rootDir>/public'],
      transformIgnorePatterns,
      globals: { __PATH_PREFIX__: '' },
      setupFiles: ['<rootDir>/jest/loadershim.js'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-site.ts'],
    },
    {
      displayName: 'build',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/pipeline/src/**/__tests__/**/*.test.ts',
        '<rootDir>/contracts/src/**/__tests__/**/*.test.ts',
        '<rootDir>/plugins/**/__tests__/**/*.test.ts',
        '<rootDir>/eslint/__tests__/**/*.test.ts',
        '<rootDir>/scripts/__tests__/**/*.test.ts',
        '<rootDir>/bench/**/__tests__/**/*.test.ts',
      ],
      // Compared against the production server, so it runs with the API's tests.
      testPathIgnorePatterns: ['/node_modules/', ...serverRunPluginTests],
      // The benchmarks are ES modules (.mjs); their tests import them.
      transform: { '/node_modules/.+\\.m?js$': swc, '^.+\\.mjs$': swc, '^.+\\.[tj]s$': swcTs },
      moduleNameMapper: workspaces,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/server/test/**/*.test.ts',
        ...serverRunPluginTests.map((dir) => `${dir}__tests__/**/*.test.ts`),
      ],
      transform: { '/node_modules/.+\\.m?js$': swc, '^.+\\.[tj]s$': swcTs },
      // cookie@2 (used by Fastify's inject and @fastify/cookie) ships only ES modules; Node 20 loads
      // it natively, Jest needs it compiled, and @fastify/cookie's import() of it turned into require.
      transformIgnorePatterns: [
        `/node_modules/(?!(${esm.join('|')}|@fastify/cookie|((light-my-request|@fastify/cookie)/node_modules/)?cookie)/)(?!.+\\.mjs$)`,
      ],
      moduleNameMapper: workspaces,
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
    },
  ],
};
