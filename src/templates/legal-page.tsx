import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ContentSeo } from '@/components/marketing/content-seo';
import { LegalPage } from '@/components/marketing/legal-page';

/**
 * One page of content/legal.yaml (/privacy, /terms, /imprint): plugins/site-content builds this
 * template once per key of the file, with the key in the page context.
 */
export default function LegalPageTemplate({ data }: PageProps<Queries.LegalPageTemplateQuery>) {
  // The build has checked content/legal.yaml and makes this page only for its keys.
  const page = data.legalPage as NonNullable<Queries.LegalPageTemplateQuery['legalPage']>;
  return <LegalPage page={page} />;
}

export const Head: HeadFC<Queries.LegalPageTemplateQuery> = ({ location, data }) => (
  <ContentSeo page={data.legalPage} pathname={location.pathname} />
);

export const query = graphql`
  query LegalPageTemplate($key: String!) {
    legalPage(key: $key) {
      title
      description
      updated
      lead
      sections {
        heading
        paragraphs
        items
      }
    }
  }
`;
