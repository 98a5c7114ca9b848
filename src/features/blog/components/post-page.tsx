import { MDXProvider } from '@mdx-js/react';
import React, { type ReactNode } from 'react';
import { Seo } from '@/components/seo';
import { jsonForScript } from '@/lib/json-for-script';
import { mdxComponents } from '../mdx';
import { PostArticle } from './post-article';
import { PostBody } from './post-body';
import { isPostPicture, PostCover } from './post-cover';
import { PostSidebar } from './post-sidebar';

/**
 * A post page's data, as both post templates (markdown and MDX) query it: the two fragments in
 * src/templates/blog-post.tsx. Only how the body is made differs between them.
 */
export type PostPageData = Queries.BlogPostPageContextFragment & {
  readonly blogPost: Queries.BlogPostPageFragment | null;
};

/** A published post page: hero, outline, the body the template gives, tags and the sidebar. */
export function PostPage({ data, body }: { data: PostPageData; body: ReactNode }) {
  const post = data.blogPost;
  if (!post) return null;
  const category = post.categoryInfo ?? {
    name: post.category,
    title: post.category,
    description: '',
  };
  return (
    <PostArticle
      hero={{
        title: post.title,
        description: post.description,
        date: post.date,
        author: post.author,
        categoryTitle: category.title,
        readingTime: post.readingTime,
        series:
          post.series && post.seriesOrder ? { name: post.series, order: post.seriesOrder } : null,
        draft: post.draft,
      }}
      headings={post.headings}
      tags={post.tags}
      sidebar={<PostSidebar related={data.related.nodes} category={category} />}
    >
      {isPostPicture(post.coverImage) ? (
        <PostCover picture={post.coverImage} alt={post.coverAlt ?? ''} />
      ) : null}
      {body}
    </PostArticle>
  );
}

/**
 * The post's head tags. Every value is the author's text: React escapes it in attributes and
 * elements, and the JSON-LD goes through jsonForScript so no value can end its <script>.
 */
export function PostHead({ data, pathname }: { data: PostPageData; pathname: string }) {
  const post = data.blogPost;
  if (!post) return <Seo title="Post Not Found" pathname={pathname} />;
  const siteUrl = data.site?.siteMetadata?.siteUrl ?? '';
  const url = `${siteUrl}${pathname}`;
  const section = post.categoryInfo?.title ?? post.category;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.date,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': post.author ? 'Person' : 'Organization', name: post.author ?? 'AgentWorks' },
    publisher: { '@type': 'Organization', name: 'AgentWorks', url: siteUrl },
    articleSection: section,
    keywords: post.tags.join(', '),
    wordCount: post.wordCount,
  };
  return (
    <Seo
      title={post.title}
      description={post.description}
      pathname={pathname}
      type="article"
      card={{
        label: section,
        // The card shows the cover when there is one (its largest JPEG, a file of the built site).
        cover: isPostPicture(post.coverImage) ? post.coverImage.src : null,
      }}
    >
      <meta property="article:published_time" content={post.date} />
      <meta property="article:section" content={section} />
      {post.author ? <meta property="article:author" content={post.author} /> : null}
      {post.tags.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
      {post.draft ? <meta name="robots" content="noindex" /> : null}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
      />
    </Seo>
  );
}

/**
 * The MDX template's page: gatsby-plugin-mdx passes the compiled body as children, drawn with the
 * components MDX posts may use (../mdx) in the same PostBody as a markdown post's HTML.
 */
export function MdxPostPage({ data, children }: { data: PostPageData; children?: ReactNode }) {
  return (
    <PostPage
      data={data}
      body={
        <PostBody>
          <MDXProvider components={mdxComponents}>{children}</MDXProvider>
        </PostBody>
      }
    />
  );
}

/** The MDX template's head: the same tags as a markdown post's. */
export function MdxPostHead({
  data,
  location,
}: {
  data: PostPageData;
  location: { pathname: string };
}) {
  return <PostHead data={data} pathname={location.pathname} />;
}
