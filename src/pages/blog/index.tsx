import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { BlogHero } from '@/features/blog/components/blog-hero';
import type { CategoryOption, SeriesOption } from '@/features/blog/components/blog-list';
import { BlogListIsland } from '@/features/blog/components/blog-list-island';
import type { SocialLinks } from '@/features/blog/components/social-follow';
import { toKey } from '@/features/blog/lib/filters';
import { NewsletterIsland } from '@/features/newsletter/components/newsletter-island';

/** The site's social profiles; a profile left out of the site metadata has no link. */
function socialLinks(
  social:
    NonNullable<NonNullable<Queries.BlogIndexQuery['site']>['siteMetadata']>['social'] | undefined,
): SocialLinks {
  return {
    youtube: social?.youtube ?? '',
    instagram: social?.instagram ?? '',
    facebook: social?.facebook ?? '',
  };
}

const ListSection = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[16]};
`;

/** The blog's own newsletter card, under the list where a reader finishes browsing. */
const Subscribe = styled.div`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space[12]} auto 0;
`;

export default function BlogPage({ data }: PageProps<Queries.BlogIndexQuery>) {
  const categoryCounts = Object.fromEntries(
    data.byCategory.group.map((group) => [group.fieldValue ?? '', group.totalCount]),
  );
  const series: SeriesOption[] = data.bySeries.group
    .flatMap((group) =>
      group.fieldValue
        ? [{ name: group.fieldValue, slug: toKey(group.fieldValue), count: group.totalCount }]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  const categories: CategoryOption[] = data.categories.nodes.map((category) => ({
    name: category.name,
    title: category.title,
    description: category.description,
    count: categoryCounts[category.name] ?? 0,
  }));

  return (
    <>
      <BlogHero />
      <ListSection aria-label="Blog posts">
        <Container>
          <BlogListIsland
            firstPage={data.posts.nodes.map((post) => ({ ...post, tags: [...post.tags] }))}
            totalCount={data.posts.totalCount}
            categoryCounts={categoryCounts}
            seriesCounts={Object.fromEntries(series.map((option) => [option.slug, option.count]))}
            categories={categories}
            series={series}
            social={socialLinks(data.site?.siteMetadata?.social)}
          />
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

// The limit is the list's page size (PAGE_SIZE in lib/listing-files.ts): only the first page of
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
