/**
 * The build plugins' import rule fires: each snippet is linted with the repository's own
 * eslint.config.mjs as if it were a file at the given path (nothing is written to plugins/). A
 * snippet that reaches into src/ or server/src must get the rule's message; one that imports from
 * the workspace packages or its own plugin none.
 *
 * ESLint loads its config with import(), which Jest's module system does not provide, so the
 * linting runs in one child Node process fed the snippets on stdin.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Snippet {
  path: string;
  code: string;
  /** A fragment of the expected message, or null when the rule may not fire. */
  expected: string | null;
}

const SRC = 'plugins/ cannot import from src/';
const SERVER = 'plugins/ cannot import from server/src/';

const snippets: Snippet[] = [
  // The browser's code and the app shell, by a relative path or the @/ alias.
  {
    path: 'plugins/blog/helper.ts',
    code: "import { toKey } from '../../src/features/blog/lib/search';\nexport const a = toKey;",
    expected: SRC,
  },
  {
    path: 'plugins/blog/helper.ts',
    code: "import type { Theme } from '@/styles/theme';\nexport type A = Theme;",
    expected: SRC,
  },
  {
    path: 'plugins/request-render/helper.ts',
    code: "export { AppShell } from '../../src/app/app-shell';",
    expected: SRC,
  },
  // The server's modules, by import, import() and require().
  {
    path: 'plugins/blog/helper.ts',
    code: "import { processImage } from '../../server/src/services/images/process';\nexport const a = processImage;",
    expected: SERVER,
  },
  {
    path: 'plugins/social-cards/helper.ts',
    code: "export const load = () => import('../../server/src/services/images/giveaway-card');",
    expected: SERVER,
  },
  {
    path: 'plugins/lib/helper.js',
    code: "const config = require('../../server/src/config');\nmodule.exports = config;",
    expected: SERVER,
  },
  // The workspace packages, another plugin's module and Node's own are fine.
  {
    path: 'plugins/blog/helper.ts',
    code: "import { toKey } from '@site/contracts/blog/filters';\nimport { processImage } from '@site/pipeline/image-service';\nimport { siteDirectory } from '../lib/site-dir';\nimport path from 'node:path';\nexport const a = [toKey, processImage, siteDirectory, path];",
    expected: null,
  },
  // A plugin's page-render files share the pages' modules; tests may put any parts together.
  {
    path: 'plugins/islands/gatsby-ssr.tsx',
    code: "import { STAFF_ISLAND } from '../../src/lib/island';\nexport const a = STAFF_ISLAND;",
    expected: null,
  },
  {
    path: 'plugins/blog/__tests__/helper.ts',
    code: "import { buildApp } from '../../../server/src/app';\nexport const a = buildApp;",
    expected: null,
  },
];

const LINT = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const snippet of JSON.parse(input)) {
  const [result] = await eslint.lintText(snippet.code, { filePath: snippet.path });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(out));
`;

let results: { ruleId: string | null; message: string }[][];

beforeAll(() => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: root,
    input: JSON.stringify(snippets.map(({ path: file, code }) => ({ path: file, code }))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  results = JSON.parse(output);
}, 120_000);

it.each(snippets.map((snippet, index) => [snippet.path, snippet.expected, index] as const))(
  '%s: %s',
  (_path, expected, index) => {
    const messages = (results[index] ?? []).filter(
      (message) => message.ruleId === 'build/plugin-imports',
    );
    // A snippet ESLint could not parse would otherwise pass as "no rule fired".
    expect(results[index]?.filter((message) => message.ruleId === null)).toEqual([]);
    if (expected === null) {
      expect(messages).toEqual([]);
    } else {
      expect(messages.map((message) => message.message)).toEqual(
        expect.arrayContaining([expect.stringContaining(expected)]),
      );
    }
  },
);
