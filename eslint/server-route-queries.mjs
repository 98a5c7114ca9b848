/**
 * Routes do not query the database (server/src/routes, used by eslint/server-layers.mjs): a route
 * validates the request, calls a service and answers; the service builds and runs the query.
 *
 * The import rule in server-layers.mjs keeps a route from importing db/ for more than types, but a
 * route holds `app.db` and could still build a query on it. This rule refuses, in a route file:
 *
 *   - a call of a Kysely query starter on any object: selectFrom, insertInto, updateTable,
 *     deleteFrom, replaceInto, selectNoFrom, transaction (`app.db.selectFrom('users')`,
 *     `trx.updateTable(…)`);
 *   - Kysely's `sql` (imported under any name, or read from a namespace import of 'kysely'),
 *     tagged or called (`sql\`select 1\``, `sql.raw(…)`, `sql.ref(…)`).
 *
 * Passing `app.db` to a service function stays allowed, and so do type-only imports from kysely.
 *
 * eslint/__tests__/server-route-queries.test.ts runs the rule on queries and on service calls.
 */

/** Methods that start a query (or a transaction to run queries in) on a Kysely instance. */
const QUERY_STARTERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'selectNoFrom',
  'transaction',
]);

const MESSAGE =
  'Routes do not query the database: move the query into a service function (server/src/services) and call it with app.db.';

/** The name of a member expression's property, when it is written out (`a.b`, `a['b']`). */
function propertyName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.computed && member.property.type === 'Literal') return String(member.property.value);
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Routes do not query the database; a service runs the query.' },
    schema: [],
    messages: {
      query: `${MESSAGE} ({{what}})`,
    },
  },
  create(context) {
    const sourceCode = context.sourceCode ?? context.getSourceCode();

    function reportReferences(specifier, what, pick) {
      const [variable] = sourceCode.getDeclaredVariables(specifier);
      const uses = (variable?.references ?? []).map(pick).filter(Boolean);
      for (const node of uses) context.report({ node, messageId: 'query', data: { what } });
      return uses.length;
    }

    return {
      CallExpression(node) {
        const callee =
          node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (callee.type !== 'MemberExpression') return;
        const name = propertyName(callee);
        if (name && QUERY_STARTERS.has(name)) {
          context.report({ node, messageId: 'query', data: { what: `${name}()` } });
        }
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier') {
            const imported =
              specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : specifier.imported.value;
            if (imported !== 'sql' || specifier.importKind === 'type') continue;
            // Each use of the tag is a query; an import never used is refused where it stands.
            const used = reportReferences(
              specifier,
              "kysely's sql",
              (reference) => reference.identifier,
            );
            if (used === 0) {
              context.report({
                node: specifier,
                messageId: 'query',
                data: { what: "kysely's sql" },
              });
            }
          } else if (specifier.type === 'ImportNamespaceSpecifier') {
            reportReferences(specifier, "kysely's sql", (reference) => {
              const parent = reference.identifier.parent;
              return parent?.type === 'MemberExpression' &&
                parent.object === reference.identifier &&
                propertyName(parent) === 'sql'
                ? parent
                : null;
            });
          }
        }
      },
    };
  },
};

export default rule;
