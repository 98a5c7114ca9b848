import type { GatsbyNode } from 'gatsby';
import { findContentProblems } from './find-problems';

/**
 * Types for content/company.yaml, services.yaml, pricing.yaml, home.yaml and about.yaml. The
 * files are checked in createPages before any page query runs, so a missing field stops the
 * build with a sentence naming file and field instead of a GraphQL null error.
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type CompanyFigure { label: String! value: Int! }
    type CompanyYaml implements Node @dontInfer {
      name: String!
      foundedYear: Int!
      email: String!
      phone: String!
      replyTime: String!
      figures: [CompanyFigure!]!
    }

    type ServiceAsideItem { title: String! text: String! }
    type ServiceAside { kind: String! label: String title: String items: [ServiceAsideItem!]! }
    type ServiceDetails {
      anchor: String!
      order: Int!
      intro: String!
      points: [String!]!
      aside: ServiceAside!
    }
    type ServicesYaml implements Node @dontInfer {
      slug: String!
      name: String!
      icon: String!
      card: Int
      summary: String
      details: ServiceDetails
    }

    type PricingConsultation { rate: String! freeMinutes: Int! }
    type PricingPlan {
      id: String!
      name: String!
      tagline: String!
      price: String!
      priceNote: String
      monthly: String
      startsAt: String
      features: [String!]!
      cta: String!
      popular: Boolean
    }
    type PricingExtra { title: String! price: String! text: String! icon: String! }
    type PricingFaq { question: String! answer: String! }
    type PricingYaml implements Node @dontInfer {
      consultation: PricingConsultation!
      description: String!
      plans: [PricingPlan!]!
      extras: [PricingExtra!]!
      faq: [PricingFaq!]!
    }

    type ContentTitleText { title: String! text: String! }
    type HomeConsoleStep { text: String! time: String! done: Boolean! }
    type HomeYaml implements Node @dontInfer {
      consoleSteps: [HomeConsoleStep!]!
      reasons: [ContentTitleText!]!
    }
    type AboutValue { title: String! text: String! icon: String! }
    type AboutYaml implements Node @dontInfer {
      values: [AboutValue!]!
      process: [ContentTitleText!]!
      approach: [ContentTitleText!]!
    }
  `);
};

/** CONTACT_EMAIL and CONTACT_PHONE, when set for a build, replace the ones in company.yaml. */
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const fromEnv = (name: 'CONTACT_EMAIL' | 'CONTACT_PHONE', field: 'email' | 'phone') => ({
    resolve: (source: Record<string, unknown>) => process.env[name]?.trim() || source[field],
  });
  createResolvers({
    CompanyYaml: {
      email: fromEnv('CONTACT_EMAIL', 'email'),
      phone: fromEnv('CONTACT_PHONE', 'phone'),
    },
  });
};

export const createPages: GatsbyNode['createPages'] = ({ getNodesByType, reporter }) => {
  const problems = findContentProblems(getNodesByType);
  if (problems.length > 0)
    reporter.panicOnBuild(`The site content in content/ has problems:\n${problems.join('\n')}`);
};
