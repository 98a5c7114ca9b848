/**
 * The server's import directions fire: each snippet is linted with the repository's own
 * eslint.config.mjs as if it were a file at the given path (nothing is written to server/src). A
 * snippet that imports upward must get the rule's message; one that keeps the direction none.
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

const UPWARD = 'Server imports run routes → services → db, never upward';
const QUERY = 'Routes do not query the database';
const BUILT = 'Routes do not query the database: move the query into a service function';

const snippets: Snippet[] = [
  // Upward, in every direction that could go wrong.
  {
    path: 'server/src/db/helper.ts',
    code: "import { createMailer } from '../services/mail';\nexport const a = createMailer;",
    expected: UPWARD,
  },
  {
    path: 'server/src/lib/helper.ts',
    code: "import { connect } from '../db/connect';\nexport const a = connect;",
    expected: UPWARD,
  },
  {
    path: 'server/src/services/publish/helper.ts',
    code: "import type { SiteHandle } from '../../plugins/static-site';\nexport type A = SiteHandle;",
    expected: UPWARD,
  },
  {
    path: 'server/src/services/helper.ts',
    code: "export { default } from '../routes/v1/contact';",
    expected: UPWARD,
  },
  {
    path: 'server/src/plugins/helper.ts',
    code: "export const load = () => import('../routes/v1/health');",
    expected: UPWARD,
  },
  {
    path: 'server/src/routes/v1/contact/helper.ts',
    code: "import { buildApp } from '../../../app';\nexport const a = buildApp;",
    expected: UPWARD,
  },
  {
    path: 'server/src/services/helper.ts',
    code: "const c = require('../cli/user');\nexport const a = c;",
    expected: UPWARD,
  },
  // A route takes types from db/, never a query.
  {
    path: 'server/src/routes/v1/contact/helper.ts',
    code: "import { connect } from '../../../db/connect';\nexport const a = connect;",
    expected: QUERY,
  },
  // Nor does a route build a query on the app.db it holds (server/route-queries); a service may.
  {
    path: 'server/src/routes/v1/contact/helper.ts',
    code: "import type { Kysely } from 'kysely';\nimport type { Database } from '../../../db/database';\nexport const a = (db: Kysely<Database>) => db.selectFrom('users').selectAll().execute();",
    expected: BUILT,
  },
  {
    path: 'server/src/routes/v1/contact/helper.ts',
    code: "import { sql } from 'kysely';\nexport const a = sql`select 1`;",
    expected: BUILT,
  },
  {
    path: 'server/src/services/helper.ts',
    code: "import { type Kysely, sql } from 'kysely';\nimport type { Database } from '../db/database';\nexport const a = (db: Kysely<Database>) => db.selectFrom('users').where(sql<string>`lower(email)`, '=', 'a').execute();",
    expected: null,
  },
  // Downward and sideways imports are fine.
  {
    path: 'server/src/routes/v1/contact/helper.ts',
    code: "import type { Database } from '../../../db/database';\nimport { listOutbox } from '../../../services/mail';\nimport { badRequest } from '../../../lib/http-error';\nimport { SESSION_COOKIE } from '../../../plugins/auth';\nexport type D = Database;\nexport const a = [listOutbox, badRequest, SESSION_COOKIE];",
    expected: null,
  },
  {
    path: 'server/src/services/newsletter/helper.ts',
    code: "import { dialectOf } from '../../db/dialect';\nimport { keepInOutbox } from '../mail';\nimport { todayIn } from '../../lib/dates';\nimport type { Config } from '../../config';\nexport type C = Config;\nexport const a = [dialectOf, keepInOutbox, todayIn];",
    expected: null,
  },
  {
    path: 'server/src/cli/helper.ts',
    code: "import { connect } from '../db/connect';\nimport { createUser } from '../services/accounts';\nexport const a = [connect, createUser];",
    expected: null,
  },
  // Tests are outside server/src and may put any layers together.
  {
    path: 'server/test/helpers/helper.ts',
    code: "import { buildApp } from '../../src/app';\nexport const a = buildApp;",
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
      (message) => message.ruleId === 'server/layers' || message.ruleId === 'server/route-queries',
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
