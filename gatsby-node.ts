import type { GatsbyNode } from 'gatsby';
import { blogNode } from './src/features/blog/node/gatsby-node';
import { deliveryNode } from './src/features/delivery/node/gatsby-node';
import { projectsNode } from './src/features/projects/node/gatsby-node';
import { seoNode } from './src/features/seo/node/gatsby-node';

/**
 * Each feature keeps its build-time code beside its components (src/features/<name>/node) and
 * exports a partial GatsbyNode; this file only runs them in a fixed order.
 */
const features: Partial<GatsbyNode>[] = [blogNode, projectsNode, seoNode, deliveryNode];

type Hook = (...args: unknown[]) => unknown;

function compose(name: keyof GatsbyNode): Hook {
  return async (...args: unknown[]) => {
    for (const feature of features) {
      const hook = feature[name] as Hook | undefined;
      if (hook) await hook(...args);
    }
  };
}

export const onPreBootstrap = compose('onPreBootstrap') as GatsbyNode['onPreBootstrap'];
export const createSchemaCustomization = compose(
  'createSchemaCustomization',
) as GatsbyNode['createSchemaCustomization'];
export const onCreateNode = compose('onCreateNode') as GatsbyNode['onCreateNode'];
export const createResolvers = compose('createResolvers') as GatsbyNode['createResolvers'];
export const createPages = compose('createPages') as GatsbyNode['createPages'];
export const onCreatePage = compose('onCreatePage') as GatsbyNode['onCreatePage'];
export const onPostBuild = compose('onPostBuild') as GatsbyNode['onPostBuild'];
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ actions }) => {
  actions.setWebpackConfig({
    resolve: {
      alias: {
        '@': `${__dirname}/src`,
        // apollo-link-rest's one use of qs, without qs's ~50 KB (see src/lib/qs-lite.ts).
        qs$: `${__dirname}/src/lib/qs-lite.ts`,
      },
    },
  });
};
