/**
 * gatsby-plugin-feed options for /rss.xml. The feed reads BlogPost nodes, which a production build
 * never creates for drafts, so drafts cannot reach it.
 */

interface FeedQuery {
  query: {
    site: { siteMetadata: { siteUrl: string } };
    allBlogPost: {
      nodes: {
        slug: string;
        title: string;
        description: string;
        date: string;
        author: string | null;
        tags: string[];
        category: string;
      }[];
    };
  };
}

export const blogFeedOptions = {
  query: `
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
  `,
  feeds: [
    {
      output: '/rss.xml',
      title: 'AgentWorks Blog',
      description: 'Guides and field notes on building, integrating and securing AI agents.',
      query: `
        {
          allBlogPost(sort: [{ date: DESC }, { slug: ASC }], limit: 50) {
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
      `,
      serialize: ({ query: { site, allBlogPost } }: FeedQuery) =>
        allBlogPost.nodes.map((post) => {
          const url = `${site.siteMetadata.siteUrl}/blog/${post.slug}`;
          return {
            title: post.title,
            description: post.description,
            date: post.date,
            url,
            guid: url,
            author: post.author ?? undefined,
            categories: [post.category, ...post.tags],
          };
        }),
    },
  ],
};
