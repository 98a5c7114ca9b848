import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';

interface Data {
  site: { siteMetadata: { title: string; description: string } };
  allMarkdownRemark: {
    nodes: {
      excerpt: string;
      frontmatter: { slug: string; title: string; date: string; description: string | null };
    }[];
  };
}

/** Every post, newest first, with its date and description (as gatsby-starter-blog's index). */
export default function BlogIndex({ data }: PageProps<Data>) {
  return (
    <main>
      <h1>{data.site.siteMetadata.title}</h1>
      <ol>
        {data.allMarkdownRemark.nodes.map((post) => (
          <li key={post.frontmatter.slug}>
            <article>
              <h2>
                <Link to={`/blog/${post.frontmatter.slug}`}>{post.frontmatter.title}</Link>
              </h2>
              <small>{post.frontmatter.date}</small>
              <p>{post.frontmatter.description ?? post.excerpt}</p>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}

export function Head({ data }: HeadProps<Data>) {
  return (
    <>
      <title>{data.site.siteMetadata.title}</title>
      <meta name="description" content={data.site.siteMetadata.description} />
    </>
  );
}

export const query = graphql`
  {
    site {
      siteMetadata {
        title
        description
      }
    }
    allMarkdownRemark(sort: { frontmatter: { date: DESC } }) {
      nodes {
        excerpt
        frontmatter {
          slug
          title
          date(formatString: "MMMM DD, YYYY")
          description
        }
      }
    }
  }
`;
