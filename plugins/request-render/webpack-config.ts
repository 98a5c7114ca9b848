import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Compiler, Configuration } from 'webpack';
import { REQUEST_SLOTS } from '@site/contracts/request-slots';
import type { WebpackStep } from '../lib/webpack-step';
import {
  entryName,
  headMarkerHtml,
  MANIFEST_FILE,
  OUTPUT_DIR,
  pageFileOf,
  type RequestRenderManifest,
} from './manifest';

const SLOT_DIR = 'src/request-render';

/**
 * In the page render's build (build-html), one entry per slot: the slot's module is compiled with
 * the same loaders, Babel plugins (styled-components' ids) and settings as the pages, so what the
 * server draws with it is what the browser's first render draws. Gatsby's setWebpackConfig drops
 * `entry`, so the entries are added to the config itself.
 */
export const requestRenderWebpackConfig: WebpackStep = (
  config,
  { stage, siteDir, siteMetadata },
) => {
  if (stage !== 'build-html') return config;
  const base = config.entry;
  if (!base || typeof base !== 'object' || Array.isArray(base)) {
    throw new Error(
      "request-render: expected Gatsby's page render to name its entries in an object",
    );
  }
  const entries = Object.fromEntries(
    REQUEST_SLOTS.map((slot) => [
      entryName(slot),
      path.join(siteDir, SLOT_DIR, `${slot.name}.tsx`),
    ]),
  );
  return {
    ...config,
    entry: { ...base, ...entries },
    externals: withPlainBuiltins(config.externals),
    plugins: [
      ...(config.plugins ?? []),
      new RequestRenderWebpackPlugin(siteDir, siteMetadataOf(siteMetadata)),
    ],
  };
};

/** Where Gatsby's page render build finds its stand-ins for Node's fs, http, https, … */
const TRACKERS = `${path.sep}.cache${path.sep}ssr-builtin-trackers${path.sep}`;

/**
 * The slots' modules are run by the server for as long as their build is served, so they must
 * not load anything from the build's `.cache/`, which the next build (or `gatsby clean`) empties:
 * a drawn page would then fail until that build is done. Gatsby's page render build names, in a
 * table of externals, stand-ins under `.cache/ssr-builtin-trackers/` for a few of Node's own
 * modules (they only record that a page used them); each is named as Node's own module instead,
 * which is what the stand-in hands on. Any other external stays as Gatsby set it.
 */
export function withPlainBuiltins(
  externals: Configuration['externals'],
): Configuration['externals'] {
  if (!Array.isArray(externals)) return externals;
  return externals.map((entry) => {
    if (!entry || typeof entry !== 'object' || entry instanceof RegExp) return entry;
    const table = entry as Record<string, unknown>;
    if (!Object.values(table).some((to) => typeof to === 'string' && to.includes(TRACKERS))) {
      return entry;
    }
    return Object.fromEntries(
      Object.entries(table).map(([request, to]) => [
        request,
        typeof to === 'string' && to.includes(TRACKERS)
          ? `commonjs ${request.replace(/^node:/, '')}`
          : to,
      ]),
    );
  }) as Configuration['externals'];
}

/** gatsby-config.ts's siteMetadata, as the Seo component reads it. */
function siteMetadataOf(meta: Record<string, unknown>): RequestRenderManifest['site'] {
  const text = (key: string) => (typeof meta[key] === 'string' ? meta[key] : '');
  return { title: text('title'), description: text('description'), siteUrl: text('siteUrl') };
}

/**
 * Once the page render's build is done, copies each slot's module and a manifest into public/.request-render/, which travels with the built pages
 * (a site built aside for publishing included) and which the server never serves.
 */
class RequestRenderWebpackPlugin {
  constructor(
    private readonly siteDir: string,
    private readonly site: RequestRenderManifest['site'],
  ) {}

  apply(compiler: Compiler): void {
    const name = 'RequestRenderWebpackPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // The last stage: the files are final, and their content is still in memory.
        { name, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const out = path.join(this.siteDir, 'public', OUTPUT_DIR);
          await mkdir(out, { recursive: true });
          const manifest: RequestRenderManifest = {
            headMarker: headMarkerHtml(),
            site: this.site,
            slots: [],
          };
          for (const slot of REQUEST_SLOTS) {
            const entrypoint = compilation.entrypoints.get(entryName(slot));
            if (!entrypoint)
              throw new Error(`request-render: no entry for the slot "${slot.name}"`);
            // The entry's own files only: a slot is drawn with its first render, which runs no
            // effect, so the chunks its code loads later (import()) are never needed here.
            const files = entrypoint.getFiles().filter((file) => file.endsWith('.js'));
            for (const file of files) {
              const asset = compilation.getAsset(file);
              if (!asset) throw new Error(`request-render: the build has no file "${file}"`);
              const code = asset.source.buffer();
              // What withPlainBuiltins keeps out: a module that loads from the build's cache
              // would stop working when the next build empties it.
              if (code.toString('utf8').includes(TRACKERS))
                throw new Error(
                  `request-render: the slot "${slot.name}" loads a file from the build's .cache/ (${file})`,
                );
              await writeFile(path.join(out, file), code);
            }
            const module = [...entrypoint.getEntrypointChunk().files].find((file) =>
              file.endsWith('.js'),
            );
            if (!module) throw new Error(`request-render: the slot "${slot.name}" built no module`);
            manifest.slots.push({
              name: slot.name,
              pageFile: pageFileOf(slot.page),
              module,
              data: slot.data,
              ...(slot.path === undefined ? {} : { path: slot.path }),
              ...(slot.seed === undefined ? {} : { seed: slot.seed }),
              ...(slot.query === undefined ? {} : { query: slot.query }),
              ...(slot.documentFor === undefined
                ? {}
                : { documentFor: pageFileOf(slot.documentFor) }),
            });
          }
          await writeFile(path.join(out, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
        },
      );
    });
  }
}
