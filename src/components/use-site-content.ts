import { graphql, useStaticQuery } from 'gatsby';
import { useMemo } from 'react';
import { collectFacts, fillFacts, type ContentIcon, type Facts } from '@/lib/site-content';

/** One entry of content/services.yaml, as the cards, the footer and the contact form use it. */
export interface ServiceEntry {
  slug: string;
  name: string;
  icon: ContentIcon;
  /** Position among the cards on the home page and in the footer; null keeps it off the cards. */
  card: number | null;
  summary: string | null;
}

export interface SiteContent {
  company: {
    name: string;
    legalName: string;
    address: string;
    foundedYear: number;
    email: string;
    phone: string;
    replyTime: string;
  };
  /** Every service in the file's order (the contact form's order). */
  services: readonly ServiceEntry[];
  /** The services that have a card, in card order. */
  cards: readonly ServiceEntry[];
  facts: Facts;
  /** Fills each {fact} of a content text (see content/pricing.yaml for the names). */
  fill: (text: string) => string;
}

/** What the static query below returns; tests build the same shape from content/. */
export interface SiteContentQueryResult {
  companyYaml: SiteContent['company'];
  pricingYaml: {
    consultation: { rate: string; freeMinutes: number };
    plans: readonly {
      id: string;
      price: string;
      monthly: string | null;
      startsAt: string | null;
    }[];
  };
  allServicesYaml: { nodes: readonly ServiceEntry[] };
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
  const facts = collectFacts({ company: data.companyYaml, pricing: data.pricingYaml });
  const services = data.allServicesYaml.nodes;
  const cards = services
    .filter((service) => service.card !== null)
    .sort((a, b) => (a.card ?? 0) - (b.card ?? 0));
  return {
    company: data.companyYaml,
    services,
    cards,
    facts,
    fill: (text) => fillFacts(text, facts),
  };
}
