import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';

interface Neighbour {
  frontmatter: { slug: string; title: string };
}

interface Data {
  site: { siteMetadata: { title: string } };
  markdownRemark: {
    html: string;
    excerpt: string;
    frontmatter: { title: string; date: string; description: string | null };
  };
  previous: Neighbour | null;
  next: Neighbour | null;
}

export default function BlogPost({ data }: PageProps<Data>) {
  const { markdownRemark: post, previous, next, site } = data;
  return (
    <main>
      <header>
        <Link to="/">{site.siteMetadata.title}</Link>
      </header>
      <article>
        <h1>{post.frontmatter.title}</h1>
        <p>{post.frontmatter.date}</p>
        <section dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <nav>
        <ul>
          <li>
            {previous && (
              <Link to={`/blog/${previous.frontmatter.slug}`}>← {previous.frontmatter.title}</Link>
            )}
          </li>
          <li>
            {next && <Link to={`/blog/${next.frontmatter.slug}`}>{next.frontmatter.title} →</Link>}
          </li>
        </ul>
      </nav>
    </main>
  );
}

export function Head({ data }: HeadProps<Data>) {
  const post = data.markdownRemark;
  return (
    <>
      <title>{`${post.frontmatter.title} | ${data.site.siteMetadata.title}`}</title>
      <meta name="description" content={post.frontmatter.description ?? post.excerpt} />
    </>
  );
}

export const query = graphql`
  query BlogPostById($id: String!, $previousPostId: String, $nextPostId: String) {
    site {
      siteMetadata {
        title
      }
    }
    markdownRemark(id: { eq: $id }) {
      html
      excerpt(pruneLength: 160)
      frontmatter {
        title
        date(formatString: "MMMM DD, YYYY")
        description
      }
    }
    previous: markdownRemark(id: { eq: $previousPostId }) {
      frontmatter {
        slug
        title
      }
    }
    next: markdownRemark(id: { eq: $nextPostId }) {
      frontmatter {
        slug
        title
      }
    }
  }
`;
