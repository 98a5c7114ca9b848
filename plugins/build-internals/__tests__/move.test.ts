import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_INTERNALS, moveBuildInternals } from '../move';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-internals-'));
  fs.mkdirSync(path.join(root, 'public'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const publicDir = () => path.join(root, 'public');
const target = () => path.join(root, '.cache', 'build-internals');

test('the stats and the chunk map leave public/, every other file stays', async () => {
  fs.writeFileSync(path.join(publicDir(), 'webpack.stats.json'), '{"stats":1}');
  fs.writeFileSync(path.join(publicDir(), 'chunk-map.json'), '{"map":1}');
  fs.writeFileSync(path.join(publicDir(), 'app-1234567890abcdef1234.js'), 'x');
  fs.writeFileSync(path.join(publicDir(), 'index.html'), '<h1>home</h1>');

  expect(await moveBuildInternals(publicDir(), target())).toEqual([...BUILD_INTERNALS]);
  expect(fs.readdirSync(publicDir()).sort()).toEqual(['app-1234567890abcdef1234.js', 'index.html']);
  expect(fs.readFileSync(path.join(target(), 'webpack.stats.json'), 'utf8')).toBe('{"stats":1}');
  expect(fs.readFileSync(path.join(target(), 'chunk-map.json'), 'utf8')).toBe('{"map":1}');
});

test('a later build replaces what the earlier one moved; a file not written is skipped', async () => {
  fs.mkdirSync(target(), { recursive: true });
  fs.writeFileSync(path.join(target(), 'webpack.stats.json'), 'old');
  fs.writeFileSync(path.join(target(), 'chunk-map.json'), 'old');
  fs.writeFileSync(path.join(publicDir(), 'webpack.stats.json'), 'new');

  expect(await moveBuildInternals(publicDir(), target())).toEqual(['webpack.stats.json']);
  expect(fs.readFileSync(path.join(target(), 'webpack.stats.json'), 'utf8')).toBe('new');
  expect(fs.readdirSync(publicDir())).toEqual([]);
});
