import type { Configuration, WebpackPluginInstance } from 'webpack';

/**
 * One plugin's change to a webpack config of Gatsby's. plugins/webpack-settings applies every
 * step in one fixed order and hands Gatsby the result once; a step returns the config it was given
 * when its stage is not one it changes.
 */
export interface WebpackStepContext {
  /** Gatsby's webpack stage: build-javascript (the browser), build-html (the page render) … */
  stage: string;
  /** The site's folder (plugins/lib/site-dir.ts). */
  siteDir: string;
  /** Gatsby's DefinePlugin factory (`plugins.define`). */
  define: (definitions: Record<string, string>) => WebpackPluginInstance;
  /** gatsby-config.ts's siteMetadata, as Gatsby loaded it. */
  siteMetadata: Record<string, unknown>;
}

export type WebpackStep = (config: Configuration, context: WebpackStepContext) => Configuration;
