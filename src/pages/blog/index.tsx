import { graphql, navigate, type HeadFC, type PageProps } from 'gatsby';
import React, { useCallback, useMemo } from 'react';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { BlogHero } from '@/features/blog/components/blog-hero';
import {
  BlogList,
  type CategoryOption,
  type SeriesOption,
} from '@/features/blog/components/blog-list';
import type { ListingSource } from '@/features/blog/components/use-blog-listing';
import { searchForFilter, toKey, type BlogFilter } from '@/features/blog/lib/filters';
import type { SocialLinks } from '@/features/blog/components/social-follow';
import styled from 'styled-components';

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

export default function BlogPage({ data, location }: PageProps<Queries.BlogIndexQuery>) {
  const { categories, series, source } = useMemo(() => {
    const categoryCounts = new Map(
      data.byCategory.group.map((group) => [group.fieldValue ?? '', group.totalCount]),
    );
    const seriesOptions: SeriesOption[] = data.bySeries.group
      .flatMap((group) =>
        group.fieldValue
          ? [{ name: group.fieldValue, slug: toKey(group.fieldValue), count: group.totalCount }]
          : [],
      )
      .sort((a, b) => a.name.localeCompare(b.name));
    const seriesCounts = new Map(seriesOptions.map((option) => [option.slug, option.count]));
    const categoryOptions: CategoryOption[] = data.categories.nodes.map((category) => ({
      name: category.name,
      title: category.title,
      description: category.description,
      count: categoryCounts.get(category.name) ?? 0,
    }));
    const listingSource: ListingSource = {
      firstPage: data.posts.nodes,
      totalCount: data.posts.totalCount,
      countFor: (filter: BlogFilter) =>
        filter.kind === 'all'
          ? data.posts.totalCount
          : filter.kind === 'category'
            ? (categoryCounts.get(filter.name) ?? 0)
            : (seriesCounts.get(filter.slug) ?? 0),
    };
    return { categories: categoryOptions, series: seriesOptions, source: listingSource };
  }, [data]);

  const onFilterChange = useCallback(
    (filter: BlogFilter) => {
      // One history entry per choice so back/forward step through them; preserveScroll asks the
      // layout not to jump to the top for what is the same page.
      void navigate(`${location.pathname}${searchForFilter(filter, location.search)}`, {
        state: { preserveScroll: true },
      });
    },
    [location.pathname, location.search],
  );

  return (
    <>
      <BlogHero />
      <ListSection aria-label="Blog posts">
        <Container>
          <BlogList
            source={source}
            categories={categories}
            series={series}
            search={location.search}
            onFilterChange={onFilterChange}
            social={socialLinks(data.site?.siteMetadata?.social)}
          />
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
