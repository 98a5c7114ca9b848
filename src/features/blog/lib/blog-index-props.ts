import type { CategoryOption, SeriesOption } from '../components/blog-list';
import type { BlogListIslandProps } from '../components/blog-list-island';
import type { SocialLinks } from '../components/social-follow';
import { toKey } from '@site/contracts/blog/filters';

/**
 * What /blog's page query answers (src/pages/blog/index.tsx), as plain data: the page draws its
 * list from it, and so does the server when it draws /blog at request time (the
 * src/request-render/blog-list.tsx slot, with a published post not yet built put in).
 */
export interface BlogIndexData {
  readonly site: {
    readonly siteMetadata: {
      readonly social: {
        readonly youtube: string | null;
        readonly instagram: string | null;
        readonly facebook: string | null;
      } | null;
    } | null;
  } | null;
  readonly posts: {
    readonly totalCount: number;
    readonly nodes: ReadonlyArray<{
      readonly id: string;
      readonly slug: string;
      readonly title: string;
      readonly excerpt: string;
      readonly date: string;
      readonly category: string;
      readonly series: string | null;
      readonly tags: ReadonlyArray<string>;
    }>;
  };
  readonly byCategory: {
    readonly group: ReadonlyArray<{
      readonly fieldValue: string | null;
      readonly totalCount: number;
    }>;
  };
  readonly bySeries: {
    readonly group: ReadonlyArray<{
      readonly fieldValue: string | null;
      readonly totalCount: number;
    }>;
  };
  readonly categories: {
    readonly nodes: ReadonlyArray<{
      readonly name: string;
      readonly title: string;
      readonly description: string;
    }>;
  };
}

/** The site's social profiles; a profile left out of the site metadata has no link. */
function socialLinks(
  social: NonNullable<NonNullable<BlogIndexData['site']>['siteMetadata']>['social'] | undefined,
): SocialLinks {
  return {
    youtube: social?.youtube ?? '',
    instagram: social?.instagram ?? '',
    facebook: social?.facebook ?? '',
  };
}

/** The list island's props from /blog's query answer. */
export function blogListProps(data: BlogIndexData): BlogListIslandProps {
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
  return {
    firstPage: data.posts.nodes.map((post) => ({ ...post, tags: [...post.tags] })),
    totalCount: data.posts.totalCount,
    categoryCounts,
    seriesCounts: Object.fromEntries(series.map((option) => [option.slug, option.count])),
    categories,
    series,
    social: socialLinks(data.site?.siteMetadata?.social),
  };
}
