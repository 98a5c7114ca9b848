import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  CONTENT_ICONS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  SAMPLE_COMPANY_FACT_NAMES,
} from './form-fields';
import { SLUG_PATTERN } from './blog-post';

/**
 * The shape of each site content file (content/*.yaml): one schema per file, which the Gatsby
 * build checks every file against, from which the build declares its GraphQL types, and whose
 * static types the pages and tests use. Adding a field means adding it here, to the page that
 * shows it (its query and markup) and to a test.
 *
 * Each object schema's `title` is the name of its GraphQL type (`graphqlTypes` below); `hint`, where
 * set, is the advice a refused value gets (see ./content-check.ts).
 */

/** A non-blank text. */
const Text = (options: { hint?: string; pattern?: string } = {}) =>
  Type.String({ pattern: '\\S', ...options });
const Int = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
const Choice = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));
/** A list of at least one item. */
const List = <T extends TSchema>(item: T) => Type.Array(item, { minItems: 1 });
/** Named fields, no others; `title` names the GraphQL type. */
const Fields = <T extends Record<string, TSchema>>(title: string, properties: T) =>
  Type.Object(properties, { title, additionalProperties: false });

const slug = Text({ pattern: SLUG_PATTERN, hint: 'use lower-case words joined by hyphens' });
const icon = Choice(CONTENT_ICONS);
const TitleText = Fields('ContentTitleText', { title: Text(), text: Text() });
/** The heading of a page section: a small label above, the title, an optional lead below. */
const Heading = Fields('ContentHeading', {
  eyebrow: Text(),
  title: Text(),
  lead: Type.Optional(Text()),
});
/** The top of a content page: label, title and lead. */
const Hero = Fields('ContentHero', { eyebrow: Text(), title: Text(), lead: Text() });

/**
 * What the content page files (about, contact, pricing, services-page) all begin with: the
 * page's title and meta description, and its hero. The build declares it as the GraphQL
 * interface ContentPage, so the pages select it with one fragment.
 */
export const ContentPageSchema = Fields('ContentPage', {
  title: Text(),
  description: Text(),
  hero: Fields('PageHero', Hero.properties),
});

/**
 * The company facts the repository ships with example values, so that the site builds before its
 * owner has written their own. content/company.yaml lists under `sample` those still holding the
 * example; the legal pages say so and the server warns at start until the list is gone.
 */
export type SampleCompanyFact = keyof typeof SAMPLE_COMPANY_FACT_NAMES;
export const SAMPLE_COMPANY_FACTS = Object.keys(SAMPLE_COMPANY_FACT_NAMES) as SampleCompanyFact[];

export const CompanyFileSchema = Fields('CompanyYaml', {
  name: Text(),
  legalName: Text(),
  address: Text(),
  foundedYear: Int(1900, 2100),
  email: Text(),
  phone: Text(),
  replyTime: Text(),
  figures: List(Fields('CompanyFigure', { label: Text(), value: Int(0, 100) })),
  sample: Type.Optional(Type.Array(Choice(SAMPLE_COMPANY_FACTS))),
});

const LegalPage = Fields('LegalPage', {
  title: Text(),
  description: Text(),
  /** The day the page last changed. */
  updated: Text({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', hint: 'write the date as YYYY-MM-DD' }),
  lead: Text(),
  sections: List(
    Fields('LegalSection', {
      heading: Text(),
      paragraphs: Type.Optional(List(Text())),
      items: Type.Optional(List(Text())),
    }),
  ),
});

/** The keys of content/legal.yaml: one page each, at /<key>. */
export const LEGAL_PAGES = ['privacy', 'terms', 'imprint'] as const;

export const LegalFileSchema = Fields('LegalYaml', {
  privacy: LegalPage,
  terms: LegalPage,
  imprint: LegalPage,
});

/** One entry of content/services.yaml. */
export const ServiceSchema = Fields('ServicesYaml', {
  slug,
  name: Text(),
  icon,
  /** Position among the cards (home page, footer); with `summary`, or neither. */
  card: Type.Optional(Int(1, 99)),
  summary: Type.Optional(Text()),
  /** The service's section on /services; without it the service is not on that page. */
  details: Type.Optional(
    Fields('ServiceDetails', {
      anchor: Text(),
      order: Int(1, 99),
      intro: Text(),
      points: List(Text()),
      aside: Fields('ServiceAside', {
        kind: Choice(['steps', 'card', 'platforms'] as const),
        label: Type.Optional(Text()),
        title: Type.Optional(Text()),
        items: List(Fields('ServiceAsideItem', { title: Text(), text: Text() })),
      }),
    }),
  ),
});
export const ServicesFileSchema = List(ServiceSchema);

export const PricingFileSchema = Fields('PricingYaml', {
  consultation: Fields('PricingConsultation', { rate: Text(), freeMinutes: Int(0, 600) }),
  title: Text(),
  description: Text(),
  hero: Hero,
  sections: Fields('PricingSections', { plans: Heading, extras: Heading, faq: Heading }),
  popularBadge: Text(),
  closing: Fields('PricingClosing', { text: Text(), cta: Text() }),
  plans: List(
    Fields('PricingPlan', {
      id: slug,
      name: Text(),
      tagline: Text(),
      price: Text(),
      priceNote: Type.Optional(Text()),
      /** The plan card shows `monthly` or else `startsAt` under the price; one is needed. */
      monthly: Type.Optional(Text()),
      startsAt: Type.Optional(Text()),
      features: List(Text()),
      cta: Text(),
      popular: Type.Optional(Type.Boolean()),
    }),
  ),
  extras: List(Fields('PricingExtra', { title: Text(), price: Text(), text: Text(), icon })),
  faq: List(Fields('PricingFaq', { question: Text(), answer: Text() })),
});

export const HomeFileSchema = Fields('HomeYaml', {
  hero: Fields('HomeHero', {
    pill: Text(),
    title: Text(),
    /** Words of `title` drawn in the accent colour. */
    highlight: Text(),
    lead: Text(),
    cta: Text(),
    secondary: Text(),
    secondaryHint: Text(),
    trust: List(Text()),
  }),
  console: Fields('HomeConsole', { label: Text(), title: Text(), status: Text(), caption: Text() }),
  consoleSteps: List(
    Fields('HomeConsoleStep', { text: Text(), time: Text(), done: Type.Boolean() }),
  ),
  services: Fields('HomeServices', { eyebrow: Text(), title: Text(), lead: Text(), more: Text() }),
  why: Fields('HomeWhy', {
    eyebrow: Text(),
    title: Text(),
    text: Text(),
    figuresTitle: Text(),
    figuresNote: Text(),
  }),
  reasons: List(TitleText),
  closing: Fields('HomeClosing', {
    label: Text(),
    title: Text(),
    text: Text(),
    cta: Text(),
    secondary: Text(),
  }),
  insights: Fields('HomeInsights', { title: Text(), lead: Text(), empty: Text(), more: Text() }),
});

export const AboutFileSchema = Fields('AboutYaml', {
  title: Text(),
  description: Text(),
  hero: Hero,
  story: Fields('AboutStory', { eyebrow: Text(), title: Text(), paragraphs: List(Text()) }),
  facts: Fields('AboutFacts', {
    label: Text(),
    items: List(Fields('AboutFact', { label: Text(), text: Text() })),
  }),
  mission: TitleText,
  sections: Fields('AboutSections', { values: Heading, process: Heading, approach: Heading }),
  values: List(Fields('AboutValue', { title: Text(), text: Text(), icon })),
  process: List(TitleText),
  approach: List(TitleText),
  closing: Fields('AboutClosing', { label: Text(), text: Text(), cta: Text() }),
});

export const ServicesPageFileSchema = Fields('ServicesPageYaml', {
  title: Text(),
  description: Text(),
  hero: Fields('ServicesPageHero', {
    eyebrow: Text(),
    title: Text(),
    lead: Text(),
    cta: Text(),
    secondary: Text(),
  }),
  jumpLabel: Text(),
  closing: Fields('ServicesPageClosing', {
    title: Text(),
    text: Text(),
    cta: Text(),
    secondary: Text(),
  }),
});

export const ContactFileSchema = Fields('ContactYaml', {
  title: Text(),
  description: Text(),
  hero: Hero,
  form: Fields('ContactFormCopy', { title: Text(), lead: Text() }),
  details: Fields('ContactDetailsCopy', {
    label: Text(),
    direct: Fields('ContactDirect', {
      title: Text(),
      email: Text(),
      phone: Text(),
      response: Text(),
      responseText: Text(),
    }),
    next: Fields('ContactNext', {
      title: Text(),
      steps: List(Fields('ContactStep', { lead: Text(), text: Text() })),
    }),
  }),
});

/** One entry of content/categories.yaml: a blog category. */
export const CategorySchema = Fields('CategoriesYaml', {
  name: slug,
  title: Text(),
  description: Text(),
  /** Position of the category's button on /blog. */
  order: Int(1, 999),
});
const CategoriesFileSchema = List(CategorySchema);

/** One entry of content/projects.yaml: a card of the project gallery. */
export const ProjectSchema = Fields('ProjectsYaml', {
  id: slug,
  title: Text(),
  description: Text(),
  type: Choice(PROJECT_TYPES),
  /** A site path ("/tools/x/") or an http(s) address. */
  url: Text(),
  technologies: List(Text()),
  /** A file under content/, e.g. projects/focus-timer.png. */
  image: Text(),
  status: Choice(PROJECT_STATUSES),
  category: Text(),
  githubUrl: Type.Optional(
    Text({
      pattern: '^https://github\\.com/[^/\\s]+/[^/\\s]+',
      hint: 'use https://github.com/<owner>/<repo>',
    }),
  ),
});
const ProjectsFileSchema = List(ProjectSchema);

export type CompanyFile = Static<typeof CompanyFileSchema>;
export type ServiceContent = Static<typeof ServiceSchema>;
export type PricingFile = Static<typeof PricingFileSchema>;

/**
 * Every site content file by name under content/, with its schema. A list file's schema is a
 * list; the build makes one node per entry. The node type is the item's `title`.
 */
export const SITE_CONTENT_FILES = {
  'company.yaml': CompanyFileSchema,
  'legal.yaml': LegalFileSchema,
  'services.yaml': ServicesFileSchema,
  'pricing.yaml': PricingFileSchema,
  'home.yaml': HomeFileSchema,
  'about.yaml': AboutFileSchema,
  'services-page.yaml': ServicesPageFileSchema,
  'contact.yaml': ContactFileSchema,
  'categories.yaml': CategoriesFileSchema,
  'projects.yaml': ProjectsFileSchema,
} as const;
export type SiteContentFileName = keyof typeof SITE_CONTENT_FILES;
/** What content/`F` holds once checked. */
export type SiteContentFile<F extends SiteContentFileName> = Static<(typeof SITE_CONTENT_FILES)[F]>;
