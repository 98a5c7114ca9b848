import { graphql, useStaticQuery } from 'gatsby';
import { useMemo } from 'react';
import {
  collectFacts,
  fillFacts,
  type ContentIcon,
  type Facts,
} from '@site/contracts/content-facts';

/** What the static query below returns, as Gatsby's typegen writes it (src/gatsby-types.d.ts). */
export type SiteContentQueryResult = Queries.SiteContentQuery;

type ServiceNode = SiteContentQueryResult['allServicesYaml']['nodes'][number];

/**
 * One entry of content/services.yaml, as the cards, the footer and the contact form use it. Its
 * icon is a ContentIcon: GraphQL types it as a String, and the build refuses any other word.
 */
export type ServiceEntry = Omit<ServiceNode, 'icon'> & { readonly icon: ContentIcon };

export interface SiteContent {
  company: NonNullable<SiteContentQueryResult['companyYaml']>;
  /** Every service in the file's order (the contact form's order). */
  services: readonly ServiceEntry[];
  /** The services that have a card (`card`, their position), in card order. */
  cards: readonly ServiceEntry[];
  facts: Facts;
  /** Fills each {fact} of a content text (see content/pricing.yaml for the names). */
  fill: (text: string) => string;
}

/**
 * The facts of content/company.yaml and content/pricing.yaml and the list of services, read at
 * build time (no runtime request). The build has checked the files (plugins/site-content).
 */
export function useSiteContent(): SiteContent {
  const data = useStaticQuery<SiteContentQueryResult>(graphql`
    query SiteContent {
      companyYaml {
        name
        legalName
        address
        foundedYear
        email
        phone
        replyTime
        sample
      }
      pricingYaml {
        consultation {
          rate
          freeMinutes
        }
        plans {
          id
          price
          monthly
          startsAt
        }
      }
      allServicesYaml {
        nodes {
          slug
          name
          icon
          card
          summary
        }
      }
    }
  `);
  return useMemo(() => siteContentFrom(data), [data]);
}

export function siteContentFrom(data: SiteContentQueryResult): SiteContent {
  // The build has checked content/company.yaml and content/pricing.yaml: both are there.
  const company = data.companyYaml as SiteContent['company'];
  const pricing = data.pricingYaml as NonNullable<SiteContentQueryResult['pricingYaml']>;
  const facts = collectFacts({ company, pricing });
  const services = data.allServicesYaml.nodes as readonly ServiceEntry[];
  const cards = services
    .filter((service) => service.card !== null)
    .sort((a, b) => (a.card ?? 0) - (b.card ?? 0));
  return {
    company,
    services,
    cards,
    facts,
    fill: (text) => fillFacts(text, facts),
  };
}
