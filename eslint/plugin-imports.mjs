/**
 * What the build's plugins may import (used by eslint.config.mjs for plugins/).
 *
 * The local Gatsby plugins under plugins/ are build-time code that runs in Node: they import
 * neither the site's browser code and app shell (src/) nor the server's modules (server/src).
 * What a plugin shares with the browser lives in the contracts package (`@site/contracts`, its
 * subpaths such as `@site/contracts/blog/filters`); what it shares with the server, in a workspace
 * package both import (`@site/pipeline`, `@site/pipeline/image-service`).
 *
 * Two kinds of file are outside the rule: tests (`__tests__/`), which run on Node and may put any
 * parts together, and a plugin's gatsby-ssr and gatsby-browser files, which webpack compiles into
 * the pages' own bundles beside the site's modules: they hand the pages' components their
 * collectors (islands, social cards), which must be the very modules the pages import.
 *
 * The plugins' imports are relative (or `@/`, which is src/), so the rule resolves each one against
 * the importing file. eslint/__tests__/plugin-imports.test.ts lints a snippet that breaks the rule
 * and one that keeps it, through the repository's eslint.config.mjs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORBIDDEN = [
  { dir: path.join(root, 'src'), name: 'src/' },
  { dir: path.join(root, 'server', 'src'), name: 'server/src/' },
];

function inside(dir, file) {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Build plugins import neither src/ nor server/src.' },
    schema: [],
  },
  create(context) {
    const filename = path.resolve(root, context.filename ?? context.getFilename());

    function check(node, source) {
      if (typeof source !== 'string') return;
      let target;
      if (source === '@' || source.startsWith('@/'))
        target = path.join(root, 'src', source.slice(1));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(filename), source);
      else return;
      const reached = FORBIDDEN.find((area) => inside(area.dir, target));
      if (!reached) return;
      context.report({
        node,
        message: `Build plugins import neither the site's browser code nor the server: plugins/ cannot import from ${reached.name}. Move what both need into a workspace package both may import (@site/contracts for code the browser shares, @site/pipeline for the build's and the server's work).`,
      });
    }

    const declaration = (node) => {
      if (node.source) check(node, node.source.value);
    };
    return {
      ImportDeclaration: declaration,
      ExportNamedDeclaration: declaration,
      ExportAllDeclaration: declaration,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
      CallExpression(node) {
        const [argument] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && argument)
          if (argument.type === 'Literal') check(node, argument.value);
      },
    };
  },
};

export const pluginImports = [
  {
    files: ['plugins/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['plugins/**/__tests__/**', 'plugins/**/gatsby-ssr.*', 'plugins/**/gatsby-browser.*'],
    plugins: { build: { rules: { 'plugin-imports': rule } } },
    rules: { 'build/plugin-imports': 'error' },
  },
];
