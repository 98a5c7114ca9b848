/**
 * @jest-environment node
 */
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { describeModule, moduleName, ModuleIdsPlugin } from '../module-ids';

describe('moduleName', () => {
  it('names files of the site by their path in it, and dependencies by package', () => {
    expect(moduleName('/site/src/app/layout/header.tsx', '/site')).toBe(
      'src/app/layout/header.tsx',
    );
    expect(moduleName('/site/.cache/production-app.js', '/site')).toBe('.cache/production-app.js');
    expect(moduleName('/site/node_modules/styled-components/dist/index.esm.js', '/site')).toBe(
      'node_modules/styled-components',
    );
    expect(moduleName('/site/node_modules/@reach/router/es/index.js', '/site')).toBe(
      'node_modules/@reach/router',
    );
    // A package nested under another is named as itself.
    expect(
      moduleName('/site/node_modules/gatsby/node_modules/react-server-dom-webpack/x.js', '/site'),
    ).toBe('node_modules/react-server-dom-webpack');
    expect(moduleName('/elsewhere/shim.js', '/site')).toBe('/elsewhere/shim.js');
  });
});

describe('describeModule', () => {
  const file = (resource: string | null) => ({ nameForCondition: () => resource });

  it('names a concatenated module after its first module and counts the others', () => {
    const concatenated = {
      nameForCondition: () => '/site/src/pages/index.tsx',
      rootModule: file('/site/src/pages/index.tsx'),
      modules: new Set([1, 2, 3]),
    };
    expect(describeModule(concatenated, '/site')).toBe('src/pages/index.tsx (+2 concatenated)');
    expect(describeModule({ ...concatenated, modules: new Set([1]) }, '/site')).toBe(
      'src/pages/index.tsx',
    );
  });

  it('has no name for a module without a file', () => {
    expect(describeModule(file(null), '/site')).toBeNull();
  });
});

describe('ModuleIdsPlugin', () => {
  it('writes which module each numeric id in a production bundle is', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'module-ids-'));
    await mkdir(path.join(dir, 'src'));
    await mkdir(path.join(dir, 'node_modules', 'tiny-package'), { recursive: true });
    await writeFile(
      path.join(dir, 'node_modules', 'tiny-package', 'index.js'),
      'module.exports = function shout(s) { return s.toUpperCase(); };\n',
    );
    await writeFile(
      path.join(dir, 'src', 'entry.js'),
      "const shout = require('tiny-package');\nimport('./later.js').then((m) => m.run(shout));\n",
    );
    await writeFile(path.join(dir, 'src', 'later.js'), 'exports.run = (f) => f("later");\n');
    const manifest = path.join(dir, '.cache', 'webpack-module-ids.json');

    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './src/entry.js',
      output: { path: path.join(dir, 'public') },
      plugins: [new ModuleIdsPlugin(manifest, dir)],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else compiler.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
    );

    const ids = JSON.parse(await readFile(manifest, 'utf8')) as Record<string, string>;
    expect(Object.values(ids).sort()).toEqual(
      ['node_modules/tiny-package', 'src/entry.js', 'src/later.js'].sort(),
    );
    // Every id the manifest names is one the bundles use, as a key of a module factory.
    const bundles = await Promise.all(
      (await readdir(path.join(dir, 'public')))
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFile(path.join(dir, 'public', name), 'utf8')),
    );
    for (const id of Object.keys(ids)) {
      if (ids[id] === 'src/entry.js') continue; // the entry runs inline, not from a factory
      expect(bundles.join('\n')).toMatch(new RegExp(`[{,]${id}:`));
    }
  }, 30_000);
});
