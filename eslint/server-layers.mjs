/**
 * Which server code may import which (used by eslint.config.mjs for server/src).
 *
 * Imports run one way, from the top down:
 *
 *   app.ts, server.ts, cli/        what starts the program and puts the pieces together
 *   routes/                        the HTTP API: validates a request, calls services, answers
 *   plugins/                       Fastify plugins that hand services to the routes (app.mailer …)
 *   services/                      what the site does, as plain functions and classes
 *   db/                            connection, table types, migrations
 *   lib/, config.ts                small helpers with no knowledge of the layers above
 *
 * A module imports only from its own layer or the layers below it, never upward. Routes do not
 * query the database themselves: from db/ they may import types only (a service runs the query),
 * and server/route-queries (eslint/server-route-queries.mjs) refuses a query built in a route file
 * on the `app.db` it holds. The server's imports are relative, so the rule resolves each one
 * against the importing file to find its layer. Tests (server/test) are outside server/src and may
 * put any layers together.
 *
 * eslint/__tests__/server-layers.test.ts lints a snippet that breaks each direction and one that
 * keeps it, through the repository's eslint.config.mjs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import routeQueries from './server-route-queries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(root, 'server', 'src');

/** Layers, lowest first; a module may import from its own layer and those before it. */
const LAYERS = [
  { name: 'lib', tops: ['lib', 'config.ts', 'config'] },
  { name: 'db', tops: ['db'] },
  { name: 'services', tops: ['services'] },
  { name: 'plugins', tops: ['plugins'] },
  { name: 'routes', tops: ['routes'] },
  { name: 'the entry points', tops: ['cli', 'app.ts', 'app', 'server.ts', 'server'] },
];

/** The layer of a path under server/src, or null outside it. */
function layerOf(file) {
  const relative = path.relative(SRC, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const top = relative.split(path.sep)[0];
  const rank = LAYERS.findIndex((layer) => layer.tops.includes(top));
  return rank === -1 ? null : { rank, name: LAYERS[rank].name, top };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server imports run routes → services → db, never upward.' },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = layerOf(path.resolve(root, filename));
    if (!from) return {};

    function check(node, source, typeOnly) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(path.resolve(root, filename)), source));
      if (!to) return;
      if (to.rank > from.rank) {
        context.report({
          node,
          message: `Server imports run routes → services → db, never upward: ${from.name} (server/src/${from.top}) cannot import from ${to.name} (server/src/${to.top}). Move what both need down a layer, or pass it in.`,
        });
      } else if (from.name === 'routes' && to.name === 'db' && !typeOnly) {
        context.report({
          node,
          message:
            'Routes do not query the database: a service runs the query, and a route imports only types from server/src/db.',
        });
      }
    }

    const declaration = (node) => {
      if (!node.source) return;
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 &&
          node.specifiers.every(
            (specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type',
          ));
      check(node, node.source.value, typeOnly);
    };

    return {
      ImportDeclaration: declaration,
      ExportNamedDeclaration: declaration,
      ExportAllDeclaration: declaration,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value, false);
      },
      CallExpression(node) {
        const [argument] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && argument)
          if (argument.type === 'Literal') check(node, argument.value, false);
      },
    };
  },
};

export const serverLayers = [
  {
    files: ['server/src/**/*.{ts,js,mjs,cjs}'],
    plugins: { server: { rules: { layers: rule, 'route-queries': routeQueries } } },
    rules: { 'server/layers': 'error' },
  },
  {
    files: ['server/src/routes/**/*.{ts,js,mjs,cjs}'],
    rules: { 'server/route-queries': 'error' },
  },
];
