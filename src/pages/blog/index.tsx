import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { BlogHero } from '@/features/blog/components/blog-hero';
import { BlogListIsland } from '@/features/blog/components/blog-list-island';
import { blogListProps } from '@/features/blog/lib/blog-index-props';
import { NewsletterIsland } from '@/features/newsletter/components/newsletter-island';

const ListSection = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[16]};
`;

/** The blog's own newsletter card, under the list where a reader finishes browsing. */
const Subscribe = styled.div`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space[12]} auto 0;
`;

export default function BlogPage({ data }: PageProps<Queries.BlogIndexQuery>) {
  return (
    <>
      <BlogHero />
      <ListSection aria-label="Blog posts">
        <Container>
          <BlogListIsland {...blogListProps(data)} />
          <Subscribe>
            <NewsletterIsland />
          </Subscribe>
        </Container>
      </ListSection>
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Blog"
    description="Guides and field notes from AgentWorks on building, integrating, securing and running AI agents in production."
    pathname={location.pathname}
  >
    <link rel="alternate" type="application/rss+xml" title="AgentWorks blog" href="/rss.xml" />
  </Seo>
);

// The query's answer is also what the server draws /blog's list from while a published post is
// not yet built (src/request-render/blog-list.tsx): a field added here goes into BlogIndexData.
// The limit is the list's page size (PAGE_SIZE in contracts/src/blog/listing-files.ts): only the first page of
// cards is embedded; the rest are fetched on demand.
export const query = graphql`
  query BlogIndex {
    site {
      siteMetadata {
        social {
          youtube
          instagram
          facebook
        }
      }
    }
    posts: allBlogPost(sort: [{ date: DESC }, { slug: ASC }], limit: 12) {
      totalCount
      nodes {
        id
        slug
        title
        excerpt
        date
        category
        series
        tags
        coverImage
        coverAlt
      }
    }
    byCategory: allBlogPost {
      group(field: { category: SELECT }) {
        fieldValue
        totalCount
      }
    }
    bySeries: allBlogPost {
      group(field: { series: SELECT }) {
        fieldValue
        totalCount
      }
    }
    categories: allCategoriesYaml(sort: { order: ASC }) {
      nodes {
        name
        title
        description
      }
    }
  }
`;
