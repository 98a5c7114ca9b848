import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ContentSeo } from '@/components/marketing/content-seo';
import { LegalPage } from '@/components/marketing/legal-page';

export default function PrivacyPage({ data }: PageProps<Queries.PrivacyPageQuery>) {
  // The build has checked content/legal.yaml (plugins/site-content).
  const page = (data.legalYaml as NonNullable<Queries.PrivacyPageQuery['legalYaml']>).privacy;
  return <LegalPage page={page} />;
}

export const Head: HeadFC<Queries.PrivacyPageQuery> = ({ location, data }) => (
  <ContentSeo page={data.legalYaml?.privacy ?? null} pathname={location.pathname} />
);

export const query = graphql`
  query PrivacyPage {
    legalYaml {
      privacy {
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
