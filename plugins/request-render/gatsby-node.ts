import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { Parser } from 'htmlparser2';
import type { Compiler, Configuration } from 'webpack';
import { REQUEST_SLOTS } from '../../src/request-render/slots';
import { siteDirectory } from '../lib/site-dir';
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
 * `entry`, so the config is replaced with the entries added.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  getConfig,
  actions,
  store,
}) => {
  if (stage !== 'build-html') return;
  const siteDir = siteDirectory();
  const config = getConfig() as Configuration;
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
  actions.replaceWebpackConfig({
    ...config,
    entry: { ...base, ...entries },
    plugins: [
      ...(config.plugins ?? []),
      new RequestRenderWebpackPlugin(siteDir, siteMetadataOf(store.getState() as unknown)),
    ],
  });
};

/** gatsby-config.ts's siteMetadata, as the Seo component reads it. */
function siteMetadataOf(state: unknown): RequestRenderManifest['site'] {
  const config = (state as { config?: { siteMetadata?: Record<string, unknown> } }).config;
  const meta = config?.siteMetadata ?? {};
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

/** An earlier build's slots go: public/.request-render/ holds only this build's. */
export const onPreBuild: GatsbyNode['onPreBuild'] = async () => {
  const siteDir = siteDirectory();
  await rm(path.join(siteDir, 'public', OUTPUT_DIR), { recursive: true, force: true });
};

/**
 * The elements of `html`'s head that Gatsby's Head wrote (they carry data-gatsby-head), each as
 * the exact text of the page, found by an HTML parser.
 */
export function headElementsOf(html: string): string[] {
  const found: string[] = [];
  let inHead = false;
  let open: { name: string; start: number } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'head') inHead = true;
        if (inHead && open === null && 'data-gatsby-head' in attributes) {
          open = { name, start: parser.startIndex };
        }
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (open !== null && name === open.name) {
          found.push(html.slice(open.start, parser.endIndex + 1));
          open = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * Once the pages are written: each slot's entry in the manifest gets its page's Head elements,
 * which the server takes out when the slot draws the page's head itself.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async () => {
  const siteDir = siteDirectory();
  const file = path.join(siteDir, 'public', OUTPUT_DIR, MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as RequestRenderManifest;
  for (const slot of manifest.slots) {
    let html: string;
    try {
      html = await readFile(path.join(siteDir, 'public', slot.pageFile), 'utf8');
    } catch {
      continue;
    }
    slot.headElements = headElementsOf(html);
  }
  await writeFile(file, JSON.stringify(manifest, null, 2));
};
