import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ContentSeo } from '@/components/marketing/content-seo';
import { LegalPage } from '@/components/marketing/legal-page';

export default function ImprintPage({ data }: PageProps<Queries.ImprintPageQuery>) {
  // The build has checked content/legal.yaml (plugins/site-content).
  const page = (data.legalYaml as NonNullable<Queries.ImprintPageQuery['legalYaml']>).imprint;
  return <LegalPage page={page} />;
}

export const Head: HeadFC<Queries.ImprintPageQuery> = ({ location, data }) => (
  <ContentSeo page={data.legalYaml?.imprint ?? null} pathname={location.pathname} />
);

export const query = graphql`
  query ImprintPage {
    legalYaml {
      imprint {
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
