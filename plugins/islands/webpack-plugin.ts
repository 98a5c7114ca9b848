import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';
import { buildLoader, entryName, writeManifest } from './manifest';

type Minify = (code: string) => string;

/**
 * In the browser build: once the bundles have their final names, writes the island loader
 * (./loader.js with each island's files, minified) into the output as islands/loader-<hash>.js and
 * tells the page render its address (.islands/manifest.json).
 */
export class IslandsWebpackPlugin {
  constructor(
    private readonly options: { siteDir: string; islands: readonly string[]; minify: Minify },
  ) {}

  apply(compiler: Compiler): void {
    const { webpack } = compiler;
    const name = 'IslandsWebpackPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the minifier and the real content hashes: the files' names are final.
        { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const files: Record<string, string[]> = {};
          for (const island of this.options.islands) {
            const entrypoint = compilation.entrypoints.get(entryName(island));
            if (!entrypoint) throw new Error(`islands: no entry for the island "${island}"`);
            files[island] = entrypoint
              .getFiles()
              .filter((file) => file.endsWith('.js'))
              .map((file) => `${publicPath.replace(/\/?$/, '/')}${file}`);
          }
          const template = readFileSync(
            path.join(this.options.siteDir, 'plugins/islands/loader.js'),
            'utf8',
          );
          const { code, file } = buildLoader(template, files, this.options.minify);
          compilation.emitAsset(file, new webpack.sources.RawSource(code));
          writeManifest(this.options.siteDir, { loader: `/${file}` });
        },
      );
    });
  }
}
