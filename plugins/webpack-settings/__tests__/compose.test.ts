import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import type { WebpackStep, WebpackStepContext } from '../../lib/webpack-step';
import { composeWebpackConfig, WEBPACK_STEPS } from '../compose';
import { islandsWebpackConfig } from '../../islands/webpack-config';
import { writeManifest } from '../../islands/manifest';
import { requestRenderWebpackConfig } from '../../request-render/webpack-config';
import { socialCardsWebpackConfig } from '../../social-cards/webpack-config';

/** A stand-in for Gatsby's DefinePlugin factory that keeps what it was given. */
const define = (definitions: Record<string, string>) =>
  ({ definitions, apply() {} }) as unknown as WebpackPluginInstance;

let siteDir: string;
beforeAll(() => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'webpack-steps-'));
  writeManifest(siteDir, { loader: '/islands/loader-abc.js' });
});
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const context = (stage: string): WebpackStepContext => ({
  stage,
  siteDir,
  define,
  siteMetadata: { title: 'T', description: 'D', siteUrl: 'https://example.com' },
});

it('applies the steps in the written order: islands, request-render, social-cards', () => {
  expect(WEBPACK_STEPS).toEqual([
    islandsWebpackConfig,
    requestRenderWebpackConfig,
    socialCardsWebpackConfig,
  ]);
  const seen: string[] = [];
  const step =
    (name: string): WebpackStep =>
    (config) => {
      seen.push(name);
      return { ...config, name: `${config.name ?? ''}${name}` };
    };
  const result = composeWebpackConfig({}, context('build-html'), [step('a'), step('b'), step('c')]);
  expect(seen).toEqual(['a', 'b', 'c']);
  expect(result.name).toBe('abc');
});

it('leaves a stage no plugin changes as it was (the same object)', () => {
  const config: Configuration = { entry: { app: 'x' }, plugins: [] };
  expect(composeWebpackConfig(config, context('develop'))).toBe(config);
});

it("adds the page render's entries and plugins after Gatsby's, islands first, then request-render, then social-cards", () => {
  const gatsbys = define({ gatsby: '1' });
  const config: Configuration = { entry: { render: 'render-page.js' }, plugins: [gatsbys] };
  const result = composeWebpackConfig(config, context('build-html'));
  const plugins = result.plugins ?? [];
  expect(plugins[0]).toBe(gatsbys);
  expect((plugins[1] as unknown as { definitions: object }).definitions).toEqual({
    'process.env.GATSBY_ISLAND_LOADER': JSON.stringify('/islands/loader-abc.js'),
  });
  expect(plugins[2]?.constructor.name).toBe('RequestRenderWebpackPlugin');
  expect((plugins[3] as unknown as { definitions: object }).definitions).toEqual({
    'process.env.SOCIAL_CARD_REQUESTS': JSON.stringify(
      path.join(siteDir, '.cache/social-cards', 'requests'),
    ),
  });
  expect(plugins).toHaveLength(4);
  expect(Object.keys(result.entry as object)[0]).toBe('render');
  expect(Object.keys(result.entry as object).length).toBeGreaterThan(1);
  // Gatsby's own config is not changed in place.
  expect(config.plugins).toEqual([gatsbys]);
});
