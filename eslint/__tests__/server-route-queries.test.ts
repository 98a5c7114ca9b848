/**
 * server/route-queries refuses a query built in a route file and lets a route hand app.db to a
 * service. The rule runs here on its own, with ESLint's RuleTester and the TypeScript parser; that
 * eslint.config.mjs applies it to server/src/routes (and not to services) is checked by
 * server-layers.test.ts.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import routeQueries from '../server-route-queries.mjs';

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const route = 'server/src/routes/v1/example/index.ts';

/** A route plugin whose handler body is `body`. */
const plugin = (body: string, imports = '') =>
  `${imports}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
const example: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', async (request) => {
    ${body}
  });
};
export default example;`;

const query = (what: string) => ({ messageId: 'query', data: { what } });

tester.run('server/route-queries', routeQueries, {
  valid: [
    // A service runs the query; the route passes it app.db.
    {
      name: 'a service call given app.db',
      filename: route,
      code: plugin(
        'return { email: await accountEmail(app.db, request.user!.id) };',
        "import { accountEmail } from '../../../services/accounts';",
      ),
    },
    // Types from kysely are fine, and so are methods that only share a word with a query starter.
    {
      name: 'type imports from kysely, a log line naming selectFrom',
      filename: route,
      code: plugin(
        "const rows: Selectable<Row>[] = []; app.log.info('selectFrom'); return { rows, from: request.query };",
        "import type { Selectable } from 'kysely';\nimport { type Kysely } from 'kysely';\ntype Row = { id: number };\nexport type K = Kysely<Row>;",
      ),
    },
    {
      name: "another plugin's method",
      filename: route,
      code: plugin('await app.mailer.send({ to: null, subject: "s", text: "t" }); return {};'),
    },
  ],
  invalid: [
    {
      name: 'selectFrom',
      filename: route,
      code: plugin(
        "return app.db.selectFrom('users').select('email').where('id', '=', 1).executeTakeFirst();",
      ),
      errors: [query('selectFrom()')],
    },
    {
      name: 'insertInto',
      filename: route,
      code: plugin("await app.db.insertInto('users').values({}).execute(); return {};"),
      errors: [query('insertInto()')],
    },
    {
      name: 'updateTable',
      filename: route,
      code: plugin("await app.db.updateTable('users').set({}).execute(); return {};"),
      errors: [query('updateTable()')],
    },
    {
      name: 'deleteFrom',
      filename: route,
      code: plugin("await app.db.deleteFrom('users').execute(); return {};"),
      errors: [query('deleteFrom()')],
    },
    {
      name: 'replaceInto',
      filename: route,
      code: plugin("await app.db.replaceInto('users').values({}).execute(); return {};"),
      errors: [query('replaceInto()')],
    },
    {
      name: 'selectNoFrom',
      filename: route,
      code: plugin('return app.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();'),
      errors: [query('selectNoFrom()')],
    },
    {
      name: 'a transaction and a query in it',
      filename: route,
      code: plugin(
        "return app.db.transaction().execute(async (trx) => trx['selectFrom']('users').execute());",
      ),
      errors: [query('transaction()'), query('selectFrom()')],
    },
    // Kysely's sql, tagged or called, under its own name or another.
    {
      name: 'the sql tag',
      filename: route,
      code: plugin(
        'await sql`select 1`.execute(app.db); return {};',
        "import { sql } from 'kysely';",
      ),
      errors: [query("kysely's sql")],
    },
    {
      name: 'sql under another name, called',
      filename: route,
      code: plugin(
        "return raw.raw('select 1').execute(app.db);",
        "import { sql as raw } from 'kysely';",
      ),
      errors: [query("kysely's sql")],
    },
    {
      name: 'sql from a namespace import',
      filename: route,
      code: plugin(
        'await k.sql`select 1`.execute(app.db); return {};',
        "import * as k from 'kysely';",
      ),
      errors: [query("kysely's sql")],
    },
    // Imported and never used, it is refused where it is imported.
    {
      name: 'sql imported and not used',
      filename: route,
      code: plugin('return {};', "import { sql } from 'kysely';"),
      errors: [query("kysely's sql")],
    },
  ],
});
