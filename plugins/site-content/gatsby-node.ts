import type { GatsbyNode } from 'gatsby';
import { findContentProblems } from './find-problems';

/**
 * Types for content/company.yaml, legal.yaml, services.yaml, pricing.yaml, home.yaml, about.yaml,
 * services-page.yaml and contact.yaml. The
 * files are checked in createPages before any page query runs, so a missing field stops the
 * build with a sentence naming file and field instead of a GraphQL null error.
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type CompanyFigure { label: String! value: Int! }
    type LegalSection { heading: String! paragraphs: [String!] items: [String!] }
    type LegalPage {
      title: String!
      description: String!
      updated: String!
      lead: String!
      sections: [LegalSection!]!
    }
    type LegalYaml implements Node @dontInfer {
      privacy: LegalPage!
      terms: LegalPage!
      imprint: LegalPage!
    }
    type CompanyYaml implements Node @dontInfer {
      name: String!
      legalName: String!
      address: String!
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
    type ContentHeading { eyebrow: String! title: String! lead: String }
    type ContentHero { eyebrow: String! title: String! lead: String! }
    type PricingSections { plans: ContentHeading! extras: ContentHeading! faq: ContentHeading! }
    type PricingClosing { text: String! cta: String! }
    type PricingYaml implements Node @dontInfer {
      consultation: PricingConsultation!
      title: String!
      description: String!
      hero: ContentHero!
      sections: PricingSections!
      popularBadge: String!
      closing: PricingClosing!
      plans: [PricingPlan!]!
      extras: [PricingExtra!]!
      faq: [PricingFaq!]!
    }

    type ContentTitleText { title: String! text: String! }
    type HomeConsoleStep { text: String! time: String! done: Boolean! }
    type HomeHero {
      pill: String!
      title: String!
      highlight: String!
      lead: String!
      cta: String!
      secondary: String!
      secondaryHint: String!
      trust: [String!]!
    }
    type HomeConsole { label: String! title: String! status: String! caption: String! }
    type HomeServices { eyebrow: String! title: String! lead: String! more: String! }
    type HomeWhy {
      eyebrow: String!
      title: String!
      text: String!
      figuresTitle: String!
      figuresNote: String!
    }
    type HomeClosing {
      label: String!
      title: String!
      text: String!
      cta: String!
      secondary: String!
    }
    type HomeInsights { title: String! lead: String! empty: String! more: String! }
    type HomeYaml implements Node @dontInfer {
      hero: HomeHero!
      console: HomeConsole!
      consoleSteps: [HomeConsoleStep!]!
      services: HomeServices!
      why: HomeWhy!
      reasons: [ContentTitleText!]!
      closing: HomeClosing!
      insights: HomeInsights!
    }
    type AboutValue { title: String! text: String! icon: String! }
    type AboutStory { eyebrow: String! title: String! paragraphs: [String!]! }
    type AboutFact { label: String! text: String! }
    type AboutFacts { label: String! items: [AboutFact!]! }
    type AboutSections {
      values: ContentHeading!
      process: ContentHeading!
      approach: ContentHeading!
    }
    type AboutClosing { label: String! text: String! cta: String! }
    type AboutYaml implements Node @dontInfer {
      title: String!
      description: String!
      hero: ContentHero!
      story: AboutStory!
      facts: AboutFacts!
      mission: ContentTitleText!
      sections: AboutSections!
      values: [AboutValue!]!
      process: [ContentTitleText!]!
      approach: [ContentTitleText!]!
      closing: AboutClosing!
    }

    type ServicesPageHero {
      eyebrow: String!
      title: String!
      lead: String!
      cta: String!
      secondary: String!
    }
    type ServicesPageClosing {
      title: String!
      text: String!
      cta: String!
      secondary: String!
    }
    type ServicesPageYaml implements Node @dontInfer {
      title: String!
      description: String!
      hero: ServicesPageHero!
      jumpLabel: String!
      closing: ServicesPageClosing!
    }

    type ContactFormCopy { title: String! lead: String! }
    type ContactDirect {
      title: String!
      email: String!
      phone: String!
      response: String!
      responseText: String!
    }
    type ContactStep { lead: String! text: String! }
    type ContactNext { title: String! steps: [ContactStep!]! }
    type ContactDetailsCopy { label: String! direct: ContactDirect! next: ContactNext! }
    type ContactYaml implements Node @dontInfer {
      title: String!
      description: String!
      hero: ContentHero!
      form: ContactFormCopy!
      details: ContactDetailsCopy!
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
