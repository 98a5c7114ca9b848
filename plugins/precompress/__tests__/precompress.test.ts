/**
 * @jest-environment node
 */
import { mkdir, mkdtemp, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressAssets } from '../precompress';

describe('precompressAssets', () => {
  it('writes a Brotli twin for each sizeable script and stylesheet, once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    const script = `window.x = ${JSON.stringify('agent '.repeat(2000))};`;
    await writeFile(path.join(dir, 'app-1234.js'), script);
    await writeFile(path.join(dir, 'styles-1234.css'), 'a{color:red}'.repeat(200));
    await writeFile(path.join(dir, 'tiny.js'), 'x=1');
    await writeFile(path.join(dir, 'index.html'), '<p>page</p>'.repeat(500));

    expect(await precompressAssets(dir)).toBe(2);
    const br = await readFile(path.join(dir, 'app-1234.js.br'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    await expect(stat(path.join(dir, 'tiny.js.br'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'index.html.br'))).rejects.toThrow();

    // Up to date: nothing to do. A newer source is compressed again.
    expect(await precompressAssets(dir)).toBe(0);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'app-1234.js'), later, later);
    expect(await precompressAssets(dir)).toBe(1);
  });

  it('compresses the island loader in public/islands/ too, and no other folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    const script = `!function(){var FILES = ${JSON.stringify({ share: ['/island-share-1.js'] })};${'x();'.repeat(400)}}();`;
    await mkdir(path.join(dir, 'islands'));
    await mkdir(path.join(dir, 'tools'));
    await writeFile(path.join(dir, 'islands', 'loader-0123.js'), script);
    await writeFile(path.join(dir, 'tools', 'tool.js'), script);
    expect(await precompressAssets(dir)).toBe(1);
    const br = await readFile(path.join(dir, 'islands', 'loader-0123.js.br'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    await expect(stat(path.join(dir, 'tools', 'tool.js.br'))).rejects.toThrow();
  });
});
