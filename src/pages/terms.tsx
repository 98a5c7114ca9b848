import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ContentSeo } from '@/components/marketing/content-seo';
import { LegalPage } from '@/components/marketing/legal-page';

export default function TermsPage({ data }: PageProps<Queries.TermsPageQuery>) {
  // The build has checked content/legal.yaml (plugins/site-content).
  const page = (data.legalYaml as NonNullable<Queries.TermsPageQuery['legalYaml']>).terms;
  return <LegalPage page={page} />;
}

export const Head: HeadFC<Queries.TermsPageQuery> = ({ location, data }) => (
  <ContentSeo page={data.legalYaml?.terms ?? null} pathname={location.pathname} />
);

export const query = graphql`
  query TermsPage {
    legalYaml {
      terms {
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
  }
`;
