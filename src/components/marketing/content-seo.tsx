import { graphql, type HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { useSiteContent } from '@/components/use-site-content';

/** A page's title and meta description as its content file writes them. */
export interface ContentPageMeta {
  readonly title: string;
  /** May name facts in braces ({replyTime}); they are filled in here. */
  readonly description: string;
}

/** The head tags of a marketing page whose title and description live in content/*.yaml. */
export function ContentSeo({ page, pathname }: { page: ContentPageMeta | null; pathname: string }) {
  const { fill } = useSiteContent();
  return (
    <Seo title={page?.title} description={fill(page?.description ?? '')} pathname={pathname} />
  );
}

/**
 * The Head of a content page (about, contact, pricing, services): its query selects the page's
 * file, and `pick` finds it in the result.
 */
export function contentPageHead<Data>(pick: (data: Data) => ContentPageMeta | null): HeadFC<Data> {
  return function ContentPageHead({ location, data }) {
    return <ContentSeo page={pick(data)} pathname={location.pathname} />;
  };
}

/**
 * What every content page selects from its file (the GraphQL interface ContentPage, made from
 * ContentPageSchema in contracts/src/site-content.ts): title and description for the head, and
 * the hero.
 */
export const contentPageFragment = graphql`
  fragment ContentPageTop on ContentPage {
    title
    description
    hero {
      eyebrow
      title
      lead
    }
  }
`;
