import fs from 'node:fs';
import path from 'node:path';
import { CONTACT_SERVICES } from '@site/contracts';
import { parse } from 'yaml';
import { findContentProblems } from '../find-problems';
import {
  ABOUT_RULE,
  COMPANY_RULE,
  CONTACT_RULE,
  HOME_RULE,
  PRICING_RULE,
  SERVICES_PAGE_RULE,
  SERVICE_RULE,
  factsFrom,
  validateFactNames,
  validateHomeHero,
  validatePlans,
  validateServiceList,
  validateShape,
} from '../validate-content';

const company = {
  name: 'AgentWorks',
  legalName: 'AgentWorks Ltd.',
  address: '12 Harbour Street, Springfield',
  foundedYear: 2025,
  email: 'hello@agentworks.example',
  phone: '+1 555 010 2025',
  replyTime: '24 hours',
  figures: [{ label: 'Efficiency', value: 85 }],
};

const starter = {
  id: 'starter',
  name: 'Starter',
  tagline: 'One agent.',
  price: '$999',
  priceNote: 'one-time',
  monthly: '$99/month',
  features: ['1 simple agent'],
  cta: 'Start with Starter',
};

/** A file of the repository's content/ folder, parsed as gatsby-transformer-yaml parses it. */
function contentFile(file: string): Record<string, unknown> {
  const dir = path.resolve(__dirname, '../../../content');
  return parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
}

const pricing = {
  consultation: { rate: '$200', freeMinutes: 30 },
  title: 'Pricing',
  description: 'Starter from {starter.price}. Consultation {consultation.rate}/hour.',
  hero: { eyebrow: 'Pricing', title: 'Clear prices', lead: 'A free {consultation.freeMinutes}.' },
  sections: {
    plans: { eyebrow: 'Plans', title: 'Choose', lead: 'All plans include workshops.' },
    extras: { eyebrow: 'Add-ons', title: 'Additional services', lead: 'Extend any plan.' },
    faq: { eyebrow: 'FAQ', title: 'Frequently asked questions' },
  },
  popularBadge: 'Most Popular',
  closing: { text: 'We reply within {replyTime}.', cta: 'Contact us' },
  plans: [starter],
  extras: [
    {
      title: 'Consultation',
      price: '{consultation.rate}/hour',
      text: 'Advice.',
      icon: 'consultation',
    },
  ],
  faq: [{ question: 'How quickly?', answer: 'Within {replyTime} on business days.' }],
};

const service = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  name: `Service ${slug}`,
  icon: 'agent',
  ...extra,
});

/** The keys Gatsby adds to a node, which the checks must ignore. */
const asNode = (value: object, type: string) => ({
  ...value,
  id: `node-${type}`,
  parent: 'file',
  children: [],
  internal: { type, contentDigest: 'x', owner: 'gatsby-transformer-yaml' },
});

describe('validateShape', () => {
  it('accepts complete files, with the keys Gatsby adds to a node', () => {
    expect(validateShape(asNode(company, 'CompanyYaml'), COMPANY_RULE, 'company.yaml')).toEqual([]);
    expect(validateShape(pricing, PRICING_RULE, 'pricing.yaml')).toEqual([]);
  });

  it('names the file and field of a missing or empty value', () => {
    const { replyTime: _dropped, ...withoutReplyTime } = company;
    expect(validateShape(withoutReplyTime, COMPANY_RULE, 'company.yaml')).toEqual([
      'content/company.yaml is missing the required field "replyTime".',
    ]);
    const plans = [{ ...starter, price: '  ' }];
    expect(validateShape({ ...pricing, plans }, PRICING_RULE, 'pricing.yaml')).toEqual([
      'content/pricing.yaml is missing the required field "plans[0].price".',
    ]);
  });

  it('names the field of a wrong kind of value, an unknown icon and a typo in a field name', () => {
    expect(
      validateShape(
        { ...company, foundedYear: 'twenty', figures: [{ label: 'Efficiency', value: 185 }] },
        COMPANY_RULE,
        'company.yaml',
      ),
    ).toEqual([
      'content/company.yaml has "twenty" in field "foundedYear"; write a whole number from 1900 to 2100.',
      'content/company.yaml has "185" in field "figures[0].value"; write a whole number from 0 to 100.',
    ]);
    const extras = [{ ...pricing.extras[0], icon: 'rocket' }];
    expect(validateShape({ ...pricing, extras }, PRICING_RULE, 'pricing.yaml')).toEqual([
      'content/pricing.yaml has "rocket" in field "extras[0].icon"; use one of: agent, consultation, integration, retrieval, graph, shield, protocol, voice, spark, clock, target.',
    ]);
    const plans = [{ ...starter, prise: '$1' }];
    expect(validateShape({ ...pricing, plans }, PRICING_RULE, 'pricing.yaml')).toEqual([
      'content/pricing.yaml has the unknown field "plans[0].prise"; known fields there: id, name, tagline, price, priceNote, monthly, startsAt, features, cta, popular.',
    ]);
  });

  it('names a list entry by its position', () => {
    expect(
      validateShape({ slug: 'mcp', icon: 'agent' }, SERVICE_RULE, 'services.yaml', '[5]'),
    ).toEqual(['content/services.yaml is missing the required field "[5].name".']);
    expect(
      validateShape(
        service('mcp', { details: { anchor: 'mcp', order: 1, intro: 'x', points: [] } }),
        SERVICE_RULE,
        'services.yaml',
        '[5]',
      ),
    ).toEqual([
      'content/services.yaml needs field "[5].details.points" as a non-empty list.',
      'content/services.yaml is missing the required field "[5].details.aside".',
    ]);
  });
});

describe('validateServiceList', () => {
  const all = CONTACT_SERVICES.map((slug) => service(slug));

  it('accepts exactly the slugs the API accepts', () => {
    expect(validateServiceList(all, CONTACT_SERVICES)).toEqual([]);
  });

  it('fails when the file and the API list differ, either way', () => {
    const renamed = [...all.slice(1), service('agent-development')];
    expect(validateServiceList(renamed, CONTACT_SERVICES)).toEqual([
      'content/services.yaml has slug "agent-development" in field "[7].slug", which the API does not accept; add it to CONTACT_SERVICES in contracts/src/contact.ts too.',
      'content/services.yaml has no entry with slug "ai-agent-development" in field "slug", but the API accepts it (CONTACT_SERVICES in contracts/src/contact.ts); add the service or remove it there.',
    ]);
  });

  it('rejects repeated slugs and card positions and a card without its summary', () => {
    const entries = [
      ...all,
      service('mcp'),
      service('x', { card: 1, summary: 'A card.' }),
      service('y', { card: 1 }),
    ];
    expect(validateServiceList(entries, [...CONTACT_SERVICES, 'x', 'y'])).toEqual([
      'content/services.yaml needs fields "[10].card" and "[10].summary" together: a card shows its summary.',
      'content/services.yaml uses slug "mcp" twice in field "slug"; slugs must be unique.',
      'content/services.yaml uses card 1 twice in field "card"; positions must be unique.',
    ]);
  });
});

describe('validatePlans', () => {
  it('needs a monthly price or a "starts at" price, and unique ids', () => {
    const { monthly: _dropped, ...noSecondLine } = starter;
    expect(validatePlans({ ...pricing, plans: [noSecondLine, starter] })).toEqual([
      'content/pricing.yaml needs field "plans[0].monthly" or "plans[0].startsAt": the plan card shows one of them under the price.',
      'content/pricing.yaml uses id "starter" twice in field "plans.id"; ids must be unique.',
    ]);
  });
});

describe('validateFactNames', () => {
  const facts = factsFrom(company, pricing);

  it('knows the company, consultation and plan facts', () => {
    expect(facts).toMatchObject({
      legalName: 'AgentWorks Ltd.',
      address: '12 Harbour Street, Springfield',
      replyTime: '24 hours',
      foundedYear: '2025',
      'consultation.rate': '$200',
      'consultation.freeMinutes': '30',
      'starter.price': '$999',
      'starter.monthly': '$99/month',
    });
    expect(validateFactNames(pricing, 'pricing.yaml', facts)).toEqual([]);
  });

  it('names the file and field of a text that names an unknown fact', () => {
    const faq = [{ question: 'How quickly?', answer: 'Within {replyTme} on business days.' }];
    const [problem] = validateFactNames({ ...pricing, faq }, 'pricing.yaml', facts);
    expect(problem).toMatch(
      /^content\/pricing\.yaml names \{replyTme\} in field "faq\[0\]\.answer", which is not a fact; known facts: \{name\}, \{legalName\}, \{address\}, \{replyTime\}, /,
    );
  });
});

describe('page copy', () => {
  it('accepts the copy in the content files of this repository', () => {
    expect(validateShape(contentFile('home.yaml'), HOME_RULE, 'home.yaml')).toEqual([]);
    expect(validateShape(contentFile('about.yaml'), ABOUT_RULE, 'about.yaml')).toEqual([]);
    expect(validateShape(contentFile('pricing.yaml'), PRICING_RULE, 'pricing.yaml')).toEqual([]);
    expect(
      validateShape(contentFile('services-page.yaml'), SERVICES_PAGE_RULE, 'services-page.yaml'),
    ).toEqual([]);
    expect(validateShape(contentFile('contact.yaml'), CONTACT_RULE, 'contact.yaml')).toEqual([]);
  });

  it('names the file and field of a missing heading, lead or button label', () => {
    const servicesPage = contentFile('services-page.yaml');
    const hero = { ...(servicesPage.hero as object), cta: '' };
    expect(
      validateShape({ ...servicesPage, hero }, SERVICES_PAGE_RULE, 'services-page.yaml'),
    ).toEqual(['content/services-page.yaml is missing the required field "hero.cta".']);
    const { description: _dropped, ...contact } = contentFile('contact.yaml');
    expect(validateShape(contact, CONTACT_RULE, 'contact.yaml')).toEqual([
      'content/contact.yaml is missing the required field "description".',
    ]);
    const contactFile = contentFile('contact.yaml');
    const details = contactFile.details as { next: { title: string; steps: object[] } };
    const steps = [details.next.steps[0], { text: 'with scope.' }];
    expect(
      validateShape(
        { ...contactFile, details: { ...details, next: { ...details.next, steps } } },
        CONTACT_RULE,
        'contact.yaml',
      ),
    ).toEqual(['content/contact.yaml is missing the required field "details.next.steps[1].lead".']);
    const about = contentFile('about.yaml');
    const story = { ...(about.story as object), paragraphs: [] };
    expect(validateShape({ ...about, story }, ABOUT_RULE, 'about.yaml')).toEqual([
      'content/about.yaml needs field "story.paragraphs" as a non-empty list.',
    ]);
    const sections = { ...pricing.sections, faq: { ...pricing.sections.faq, lede: 'x' } };
    expect(validateShape({ ...pricing, sections }, PRICING_RULE, 'pricing.yaml')).toEqual([
      'content/pricing.yaml has the unknown field "sections.faq.lede"; known fields there: eyebrow, title, lead.',
    ]);
  });

  it('needs the highlighted words of the home title to be in the title', () => {
    const home = contentFile('home.yaml');
    expect(validateHomeHero(home)).toEqual([]);
    const hero = { ...(home.hero as object), highlight: 'real works' };
    expect(validateHomeHero({ ...home, hero })).toEqual([
      'content/home.yaml has "real works" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.',
    ]);
  });
});

describe('findContentProblems', () => {
  const home = contentFile('home.yaml');
  const nodes: Record<string, object[]> = {
    CompanyYaml: [company],
    PricingYaml: [pricing],
    HomeYaml: [home],
    AboutYaml: [contentFile('about.yaml')],
    ServicesPageYaml: [contentFile('services-page.yaml')],
    ContactYaml: [contentFile('contact.yaml')],
    LegalYaml: [contentFile('legal.yaml')],
    ServicesYaml: CONTACT_SERVICES.map((slug) => service(slug)),
  };
  const lookup = (override: Record<string, object[]>) => (type: string) =>
    ({ ...nodes, ...override })[type] as never[];

  it('finds nothing wrong in sound files', () => {
    expect(findContentProblems(lookup({}))).toEqual([]);
  });

  it('reports a missing file and a broken fact name with file and field', () => {
    expect(findContentProblems(lookup({ AboutYaml: [] }))).toEqual([
      "content/about.yaml is missing or empty; the site's pages read it.",
    ]);
    const broken = { ...home, reasons: [{ title: 'Fits', text: 'From {pro.price}.' }] };
    expect(findContentProblems(lookup({ HomeYaml: [broken] }))).toEqual([
      expect.stringMatching(
        /^content\/home\.yaml names \{pro\.price\} in field "reasons\[0\]\.text"/,
      ),
    ]);
  });

  it('checks the page copy files: a missing one, a broken fact name and the home title', () => {
    expect(findContentProblems(lookup({ ContactYaml: [] }))).toEqual([
      "content/contact.yaml is missing or empty; the site's pages read it.",
    ]);
    const servicesPage = contentFile('services-page.yaml');
    const closing = { ...(servicesPage.closing as object), text: 'Within {replyTme}.' };
    expect(
      findContentProblems(lookup({ ServicesPageYaml: [{ ...servicesPage, closing }] })),
    ).toEqual([
      expect.stringMatching(
        /^content\/services-page\.yaml names \{replyTme\} in field "closing\.text", which is not a fact/,
      ),
    ]);
    const hero = { ...(home.hero as object), highlight: 'hard work' };
    expect(findContentProblems(lookup({ HomeYaml: [{ ...home, hero }] }))).toEqual([
      'content/home.yaml has "hard work" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.',
    ]);
  });
});
