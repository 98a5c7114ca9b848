/**
 * The components an MDX post (content/blog/*.mdx) may use without importing them: the MDX
 * template passes this map to MDXProvider, and an MDX file that names a component outside it
 * fails the build. Each one is drawn when the page is built and holds no state or handlers, so a
 * post page stays a document page that loads no script beyond the island loader. To add one,
 * write it here, add it to the map and to the README's table, and test it in __tests__/.
 */
import { AgentLoopDiagram } from './agent-loop-diagram';
import { Callout } from './callout';

export const mdxComponents = { AgentLoopDiagram, Callout };
