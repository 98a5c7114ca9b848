/**
 * Which code may import which, as ESLint flat-config blocks (used by eslint.config.mjs).
 *
 * Imports run one way: pages and templates → the app shell (src/app) → features (src/features/*)
 * → shared code (src/components, src/lib, src/styles). In detail:
 *
 * - Shared code imports no feature, no app shell, no page or template.
 * - The styled parts of the pages live in src/page-styles (every module in src/pages becomes a
 *   page): only pages and templates import them, and they import only shared code.
 * - An island's entry (src/islands/<name>.tsx) is a webpack entry of its own: like a page it may
 *   use any module of a feature or the app shell, and nothing imports it. So is a request-render
 *   slot (src/request-render/<name>.tsx), an entry of the page render's build that the server runs.
 * - A feature imports another feature only through its public entry (`@/features/<name>`, the
 *   folder's index.ts), never the app shell, a page or a template. The app shell also reaches
 *   features only through their entries. Pages and templates may import any module of a feature:
 *   each page's bundle then holds only what that page draws.
 * - Browser code (src/, gatsby-browser.tsx) imports nothing that only runs at build time or on
 *   Node: the content pipeline, the markdown stack, the local Gatsby plugins, gatsby-node or
 *   gatsby-config, Node's built-in modules.
 * - Browser code imports only types from `@site/contracts` (its schemas are TypeBox, which would
 *   then ship in a browser chunk); the form-field rules a form needs at run time come from
 *   `@site/contracts/form-fields`, which holds no schema code.
 * - A relative import stays inside its own area (a feature's folder, or src/app, src/components,
 *   src/lib …); across areas the `@/` alias is used, so the rules above see where an import goes.
 *
 * Each rule is checked on import and export-from declarations (no-restricted-imports) and on
 * import() and require() calls (no-restricted-syntax). Tests (`__tests__/`, src/testing) are
 * exempt: they run on Node and may put any layers together.
 *
 * eslint/__tests__/import-rules.test.ts lints a snippet that breaks each rule and one that keeps it.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every folder under src/features is a feature. */
export const FEATURES = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const SOURCE = '{ts,tsx,js,jsx,mjs,cjs}';
const TESTS = ['src/**/__tests__/**', 'src/testing/**'];
/** Folder depth inside an area up to which the relative-import rule is written out. */
const MAX_DEPTH = 8;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @typedef {{ regex: string, message: string }} Restriction */

/** @type {Restriction[]} */
const BUILD_ONLY = [
  {
    regex: `^(node:|(${builtinModules.map(escape).join('|')})(/|$))`,
    message:
      "Browser code imports no Node built-in module: it does not exist in the browser (Gatsby's webpack provides no stand-in).",
  },
  {
    regex: '^@site/pipeline(/|$)',
    message:
      'The content pipeline is build-time code: the browser gets compiled posts from the build, and the editor its preview from POST /api/v1/drafts/preview.',
  },
  {
    regex:
      '^(unified|remark|remark-[^/]+|rehype|rehype-[^/]+|mdast-[^/]+|hast-util-[^/]+|micromark[^/]*|gray-matter|sharp|gatsby-plugin-sharp|gatsby-remark-[^/]+)(/|$)',
    message:
      'The markdown and image stack runs at build time (plugins/ and @site/pipeline), never in the browser bundle.',
  },
  {
    regex: '(^|/)(gatsby-node|gatsby-config)(\\.[cm]?[jt]s)?$',
    message:
      'gatsby-node and gatsby-config run only at build time; browser code cannot import them.',
  },
  {
    regex: '^@/\\.\\.(/|$)',
    message:
      '@/ means src/; reaching out of it (plugins/, pipeline/, server/) from browser code imports build-only or server code.',
  },
];

const PAGES = {
  regex: '^@/(pages|templates|islands)(/|$)',
  message:
    "Pages and templates are the top layer, and an island's entry (src/islands) is a bundle of its own: nothing imports them.",
};

/** The styled parts of a page live in src/page-styles (src/pages turns every module into a page). */
const PAGE_STYLES = {
  regex: '^@/page-styles(/|$)',
  message:
    'src/page-styles holds the styled parts of the pages and templates: only they import it (put a part that others share in src/components).',
};

/** @type {Restriction[]} */
const SHARED = [
  {
    regex: '^@/(features|app)(/|$)',
    message:
      'Shared code (src/components, src/lib, src/styles) imports no feature and no app shell: move the piece that needs it into src/app or the feature, or pass the value in as a prop.',
  },
  PAGES,
  PAGE_STYLES,
];

/** @type {Restriction[]} */
const APP = [
  {
    regex: '^@/features/[^/]+/.',
    message:
      "The app shell uses a feature only through its public entry: import from '@/features/<name>' (the feature's index.ts).",
  },
  PAGES,
  PAGE_STYLES,
];

/** @type {(feature: string) => Restriction[]} */
const featureRules = (feature) => [
  {
    regex: `^@/features/(?!${escape(feature)}/)[^/]+/.`,
    message:
      "A feature imports another feature only through its public entry: import from '@/features/<name>' (add what is needed to that feature's index.ts).",
  },
  {
    regex: `^@/features/${escape(feature)}$`,
    message: `Inside the ${feature} feature, import its modules directly, not through its own entry (an import cycle).`,
  },
  {
    regex: '^@/app(/|$)',
    message: 'Features sit below the app shell (src/app) and do not import it.',
  },
  PAGES,
  PAGE_STYLES,
];

/** A relative import from a file `depth` folders below its area's root that leaves the area. */
const leavesArea = (depth) => ({
  regex: `^(\\./)?(\\.\\./){${depth}}\\.\\.(/|$)`,
  message:
    "A relative import stays inside its own area (this feature's folder, or src/app, src/components, src/lib …): use the @/ alias to reach another, so the import rules can check it.",
});

/** The selector form of a restriction, for import() and require() calls. */
const selectors = ({ regex, message }) => {
  const pattern = `/${regex.replace(/\//g, '\\/')}/`;
  return [
    { selector: `ImportExpression[source.value=${pattern}]`, message },
    {
      selector: `CallExpression[callee.name="require"][arguments.0.value=${pattern}]`,
      message,
    },
  ];
};

/**
 * `gatsby`'s own entry brings Gatsby's app runtime with it (its loader, and every plugin's
 * gatsby-browser): an island's bundle must not. Link and navigate come from gatsby-link, which is
 * what gatsby re-exports; only the data layer (graphql, useStaticQuery) comes from gatsby.
 */
const GATSBY_RUNTIME = {
  name: 'gatsby',
  importNames: ['Link', 'navigate', 'withPrefix', 'withAssetPrefix', 'parsePath'],
  message:
    "Import Link and navigate from 'gatsby-link': gatsby's entry brings its whole app runtime into an island's bundle.",
};

/** One config block: ESLint keeps only the last options given for a rule, so each file gets one. */
const block = (files, restrictions) => ({
  files,
  ignores: TESTS,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [GATSBY_RUNTIME],
        patterns: restrictions.map(({ regex, message }) => ({ regex, message })),
      },
    ],
    'no-restricted-syntax': ['error', ...restrictions.flatMap(selectors)],
  },
});

/** Blocks for every file under `area`, one per folder depth (the relative rule depends on it). */
const areaBlocks = (area, restrictions) =>
  Array.from({ length: MAX_DEPTH + 1 }, (_, depth) =>
    block(
      [`${area}/${'*/'.repeat(depth)}*.${SOURCE}`],
      [...BUILD_ONLY, ...restrictions, leavesArea(depth)],
    ),
  );

const AREAS = [
  ['src/components', SHARED],
  ['src/lib', SHARED],
  ['src/styles', SHARED],
  ['src/app', APP],
  ['src/pages', [PAGES]],
  ['src/templates', [PAGES]],
  // Page styles sit beside the shared code they build on: no feature, app shell or page.
  ['src/page-styles', SHARED.filter((rule) => rule !== PAGE_STYLES)],
  // An island's entry hydrates one island: it may take it from any feature or the app shell.
  ['src/islands', [PAGES, PAGE_STYLES]],
  // A request-render slot's module is an entry of the page render's build, drawn by the server.
  ['src/request-render', [PAGES, PAGE_STYLES]],
  ...FEATURES.map((feature) => [`src/features/${feature}`, featureRules(feature)]),
];

/** Browser code takes only types from the contracts; values come from their form-field rules. */
const CONTRACT_VALUES = {
  files: [`src/**/*.${SOURCE}`, 'gatsby-browser.tsx'],
  ignores: TESTS,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@site/contracts',
            allowTypeImports: true,
            message:
              "Browser code imports only types from '@site/contracts' (its TypeBox schemas would ship in the browser chunk): take run-time field rules from '@site/contracts/form-fields'.",
          },
        ],
      },
    ],
  },
};

export const importRules = [
  // Browser code outside the areas (src/*.ts, gatsby-browser.tsx).
  block([`src/*.${SOURCE}`, 'gatsby-browser.tsx'], BUILD_ONLY),
  ...AREAS.flatMap(([area, restrictions]) => areaBlocks(area, restrictions)),
  CONTRACT_VALUES,
];
