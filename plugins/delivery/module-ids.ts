import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Compilation, Compiler, Module, WebpackPluginInstance } from 'webpack';

/**
 * The browser bundles name their modules by number only (webpack's deterministic ids), so a CPU
 * profile of a page load can say which script file the time went to but not which package or
 * source file. This plugin writes, beside the build and never into public/, which module each id
 * stands for: `{ "3679": "node_modules/styled-components", "8656": "src/app/layout/header.tsx",
 * ... }`. bench/script-profile.mjs reads it; nothing in the site does, and the bundles are the
 * same with or without it.
 */
export const MODULE_IDS_FILE = 'webpack-module-ids.json';

/** What the manifest calls the module at `resource` (an absolute path), relative to `context`. */
export function moduleName(resource: string, context: string): string {
  const normalised = resource.split(path.sep).join('/');
  const inPackages = normalised.lastIndexOf('/node_modules/');
  if (inPackages !== -1) {
    const parts = normalised.slice(inPackages + '/node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    return `node_modules/${name}`;
  }
  const relative = path.relative(context, resource).split(path.sep).join('/');
  return relative.startsWith('..') ? normalised : relative;
}

/** The parts of a webpack module the manifest reads (a ConcatenatedModule has the other two). */
interface DescribedModule {
  nameForCondition(): string | null;
  rootModule?: DescribedModule;
  modules?: Set<unknown>;
}

/**
 * A module's name for the manifest: its file (or package), and for modules webpack concatenated
 * into one, the first one's name and how many others it holds. Null for modules with no file
 * (webpack's runtime modules, which have no id in the bundles either).
 */
export function describeModule(module: DescribedModule, context: string): string | null {
  if (module.rootModule) {
    const root = describeModule(module.rootModule, context);
    const others = (module.modules?.size ?? 1) - 1;
    return root === null || others === 0 ? root : `${root} (+${others} concatenated)`;
  }
  const resource = module.nameForCondition();
  return resource ? moduleName(resource, context) : null;
}

/** The manifest of a finished compilation: module id → name, ids in the order webpack gave them. */
export function moduleIdsOf(compilation: Compilation, context: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const module of compilation.modules as Set<Module>) {
    const id = compilation.chunkGraph.getModuleId(module);
    if (id === null || id === undefined) continue;
    const name = describeModule(module as unknown as DescribedModule, context);
    if (name !== null) names[String(id)] = name;
  }
  return names;
}

/** Writes the manifest of every browser build to `file` once webpack has written the bundles. */
export class ModuleIdsPlugin implements WebpackPluginInstance {
  constructor(
    private readonly file: string,
    private readonly context: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('ModuleIdsPlugin', async (compilation) => {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(this.file, `${JSON.stringify(moduleIdsOf(compilation, this.context))}\n`);
    });
  }
}
