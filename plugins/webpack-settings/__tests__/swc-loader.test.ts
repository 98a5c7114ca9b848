import path from 'node:path';

// The loader is CommonJS (webpack requires it by path); this is how webpack would load it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const swcLoader = require('../swc-loader.js') as (this: unknown, source: string) => void;

const SOURCE = `import React from 'react';
import styled from 'styled-components';
import type { ReactNode } from 'react';

const Box = styled.div<{ $wide: boolean }>\`
  width: \${({ $wide }) => ($wide ? '100%' : 'auto')};
\`;
const Title = styled.h2\`
  margin: 0;
\`;

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box $wide>
      <Title>{title}</Title>
      {children}
    </Box>
  );
}
`;

const options = {
  swc: {
    env: { targets: ['> 0.25% and supports es6-module'] },
    module: { type: 'es6' },
    jsc: {
      transform: { react: { runtime: 'classic', pragma: 'React.createElement' } },
      experimental: {
        // As the build's: SWC's plugin cache beside the other tools' caches, not in the cwd.
        cacheRoot: path.join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'swc'),
        plugins: [
          [
            require.resolve('@swc/plugin-styled-components'),
            { displayName: false, fileName: false, ssr: true, pure: true },
          ],
        ],
      },
    },
  },
};

function compile(resourcePath: string, source = SOURCE): Promise<string> {
  return new Promise((resolve, reject) => {
    swcLoader.call(
      {
        resourcePath,
        getOptions: () => options,
        async: () => (error: Error | null, code?: string) =>
          error ? reject(error) : resolve(code ?? ''),
      },
      source,
    );
  });
}

describe('swc-loader', () => {
  const file = path.join(__dirname, 'panel.tsx');

  it('compiles TypeScript and JSX, and gives each styled component a fixed id', async () => {
    const code = await compile(file);
    expect(code).not.toMatch(/ReactNode|\$wide: boolean/);
    expect(code).toContain('React.createElement(Box');
    const ids = [...code.matchAll(/componentId: "(sc-[\w-]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('gives the same ids for the same module every time, so both webpack stages agree', async () => {
    const ids = async () =>
      [...(await compile(file)).matchAll(/componentId: "(sc-[\w-]+)"/g)].map((m) => m[1]);
    expect(await ids()).toEqual(await ids());
  });

  it('passes a syntax error on as the build error, naming the file', async () => {
    await expect(compile(file, 'const = ;')).rejects.toThrow(/panel\.tsx|Expected/);
  });
});
