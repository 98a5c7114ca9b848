import { builtinModules } from 'node:module';
import path from 'node:path';
import { withPlainBuiltins } from '../webpack-config';

/** Gatsby's page render build's table of Node's modules, as it makes it. */
function gatsbyTable(directory: string): Record<string, string> {
  const tracked = ['fs', 'http', 'http2', 'https', 'child_process'];
  const table: Record<string, string> = {};
  for (const name of builtinModules) {
    const to = tracked.includes(name)
      ? `commonjs ${path.join(directory, '.cache', 'ssr-builtin-trackers', name)}`
      : `commonjs ${name}`;
    table[name] = to;
    table[`node:${name}`] = to;
  }
  return table;
}

describe('withPlainBuiltins', () => {
  it("names Node's own modules where Gatsby names its stand-ins in the build's .cache", () => {
    const other = (): void => undefined;
    const [table, fn, pattern] = withPlainBuiltins([gatsbyTable('/site'), other, /^lmdb$/]) as [
      Record<string, string>,
      unknown,
      unknown,
    ];
    expect(table.http).toBe('commonjs http');
    expect(table['node:https']).toBe('commonjs https');
    expect(table.fs).toBe('commonjs fs');
    expect(table.child_process).toBe('commonjs child_process');
    expect(table.zlib).toBe('commonjs zlib');
    expect(Object.values(table).filter((to) => to.includes('.cache'))).toEqual([]);
    // Everything else Gatsby put there stays as it is.
    expect(fn).toBe(other);
    expect(pattern).toEqual(/^lmdb$/);
  });

  it('leaves a table without stand-ins, and externals that are not a list, untouched', () => {
    const plain = { react: 'commonjs react' };
    expect(withPlainBuiltins([plain])).toEqual([plain]);
    expect((withPlainBuiltins([plain]) as unknown[])[0]).toBe(plain);
    expect(withPlainBuiltins(undefined)).toBeUndefined();
  });
});
