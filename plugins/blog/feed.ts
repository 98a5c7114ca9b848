import { FEED_LIMIT, feedItems, type FeedPost } from '@site/pipeline';

/**
 * gatsby-plugin-feed options for /rss.xml. The feed reads BlogPost nodes, which a production build
 * never creates for drafts, so drafts cannot reach it.
 */

interface FeedQuery {
  query: {
    site: { siteMetadata: { siteUrl: string } };
    allBlogPost: { nodes: FeedPost[] };
  };
}

/** The feed's posts, newest first: the feed's own query, and the drawn feed's data with spares. */
export function feedPostsQuery(limit: number): string {
  return `
        {
          allBlogPost(sort: [{ date: DESC }, { slug: ASC }], limit: ${limit}) {
            nodes {
              slug
              title
              description
              date
              author
              tags
              category
            }
          }
        }
      `;
}

/** What the feed's channel is made from besides the site's metadata. */
export const FEED_CHANNEL = {
  output: '/rss.xml',
  title: 'AgentWorks Blog',
  description: 'Guides and field notes on building, integrating and securing AI agents.',
};

/**
 * The site query gatsby-plugin-feed runs first; its `setup` makes the writer's options from the
 * site's metadata and the feed's own options (the channel's title and description win).
 */
export const FEED_SITE_QUERY = `
    {
      site {
        siteMetadata {
          title
          description
          siteUrl
          site_url: siteUrl
        }
      }
    }
  `;

export const blogFeedOptions = {
  query: FEED_SITE_QUERY,
  feeds: [
    {
      ...FEED_CHANNEL,
      query: feedPostsQuery(FEED_LIMIT),
      serialize: ({ query: { site, allBlogPost } }: FeedQuery) =>
        feedItems(allBlogPost.nodes, site.siteMetadata.siteUrl),
    },
  ],
};
