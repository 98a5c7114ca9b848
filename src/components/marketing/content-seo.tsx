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
