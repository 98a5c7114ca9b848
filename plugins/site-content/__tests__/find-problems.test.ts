import { CONTACT_SERVICES } from '@site/contracts';
import {
  factNameProblems,
  findContentProblems,
  homeHeroProblems,
  planProblems,
  serviceListProblems,
  type ContentFiles,
} from '../find-problems';
import { collectFacts } from '@site/contracts/content-facts';
import type { PricingFile, ServiceContent } from '@site/contracts';
import { repositoryContentFile as contentFile } from '../../../jest/content-files';

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

const pricing: PricingFile = {
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

const service = (slug: string, extra: Partial<ServiceContent> = {}): ServiceContent => ({
  slug,
  name: `Service ${slug}`,
  icon: 'agent',
  ...extra,
});

describe('serviceListProblems', () => {
  const all = CONTACT_SERVICES.map((slug) => service(slug));

  it('accepts exactly the slugs the API accepts', () => {
    expect(serviceListProblems(all, CONTACT_SERVICES)).toEqual([]);
  });

  it('fails when the file and the API list differ, either way', () => {
    const renamed = [...all.slice(1), service('agent-development')];
    expect(serviceListProblems(renamed, CONTACT_SERVICES)).toEqual([
      'content/services.yaml has slug "agent-development" in field "[7].slug", which the API does not accept; add it to CONTACT_SERVICES in contracts/src/form-fields.ts too.',
      'content/services.yaml has no entry with slug "ai-agent-development" in field "slug", but the API accepts it (CONTACT_SERVICES in contracts/src/form-fields.ts); add the service or remove it there.',
    ]);
  });

  it('rejects repeated slugs and card positions and a card without its summary', () => {
    const entries = [
      ...all,
      service('mcp'),
      service('x', { card: 1, summary: 'A card.' }),
      service('y', { card: 1 }),
    ];
    expect(serviceListProblems(entries, [...CONTACT_SERVICES, 'x', 'y'])).toEqual([
      'content/services.yaml needs fields "[10].card" and "[10].summary" together: a card shows its summary.',
      'content/services.yaml uses slug "mcp" twice in field "slug"; slugs must be unique.',
      'content/services.yaml uses card 1 twice in field "card"; positions must be unique.',
    ]);
  });
});

describe('planProblems', () => {
  it('needs a monthly price or a "starts at" price, and unique ids', () => {
    const { monthly: _dropped, ...noSecondLine } = starter;
    expect(planProblems({ ...pricing, plans: [noSecondLine, starter] })).toEqual([
      'content/pricing.yaml needs field "plans[0].monthly" or "plans[0].startsAt": the plan card shows one of them under the price.',
      'content/pricing.yaml uses id "starter" twice in field "plans.id"; ids must be unique.',
    ]);
  });
});

describe('factNameProblems', () => {
  const facts = collectFacts({ company, pricing });

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
    expect(factNameProblems(pricing, 'pricing.yaml', facts)).toEqual([]);
  });

  it('names the file and field of a text that names an unknown fact', () => {
    const faq = [{ question: 'How quickly?', answer: 'Within {replyTme} on business days.' }];
    const [problem] = factNameProblems({ ...pricing, faq }, 'pricing.yaml', facts);
    expect(problem).toMatch(
      /^content\/pricing\.yaml names \{replyTme\} in field "faq\[0\]\.answer", which is not a fact; known facts: \{name\}, \{legalName\}, \{address\}, \{replyTime\}, /,
    );
  });
});

describe('homeHeroProblems', () => {
  it('needs the highlighted words of the home title to be in the title', () => {
    const hero = contentFile('home.yaml').hero as { title: string; highlight: string };
    expect(homeHeroProblems(hero)).toEqual([]);
    expect(homeHeroProblems({ ...hero, highlight: 'real works' })).toEqual([
      'content/home.yaml has "real works" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.',
    ]);
  });
});

describe('findContentProblems', () => {
  const home = contentFile('home.yaml');
  const files: ContentFiles = {
    'company.yaml': company,
    'pricing.yaml': pricing,
    'home.yaml': home,
    'about.yaml': contentFile('about.yaml'),
    'services-page.yaml': contentFile('services-page.yaml'),
    'contact.yaml': contentFile('contact.yaml'),
    'legal.yaml': contentFile('legal.yaml'),
    'services.yaml': CONTACT_SERVICES.map((slug) => service(slug)),
    'categories.yaml': contentFile('categories.yaml'),
  };
  const withFiles = (override: ContentFiles) => findContentProblems({ ...files, ...override });

  it('finds nothing wrong in sound files, nor in the files of this repository', () => {
    expect(withFiles({})).toEqual([]);
    const repository = Object.fromEntries(
      (Object.keys(files) as (keyof ContentFiles)[]).map((name) => [name, contentFile(name)]),
    );
    expect(findContentProblems(repository)).toEqual([]);
  });

  it('checks each file against its schema, naming file and field', () => {
    const { description: _dropped, ...contact } = contentFile('contact.yaml');
    const sections = { ...pricing.sections, faq: { ...pricing.sections.faq, lede: 'x' } };
    const about = contentFile('about.yaml');
    const story = { ...(about.story as object), paragraphs: [] };
    expect(
      withFiles({
        'contact.yaml': contact,
        'pricing.yaml': { ...pricing, sections },
        'about.yaml': { ...about, story },
      }),
    ).toEqual([
      'content/pricing.yaml has the unknown field "sections.faq.lede"; known fields there: eyebrow, title, lead.',
      'content/about.yaml needs field "story.paragraphs" as a non-empty list.',
      'content/contact.yaml is missing the required field "description".',
    ]);
    const servicesPage = contentFile('services-page.yaml');
    const hero = { ...(servicesPage.hero as object), cta: '' };
    expect(withFiles({ 'services-page.yaml': { ...servicesPage, hero } })).toEqual([
      'content/services-page.yaml is missing the required field "hero.cta".',
    ]);
  });

  it('reports a missing file and a broken fact name with file and field', () => {
    expect(withFiles({ 'about.yaml': undefined })).toEqual([
      "content/about.yaml is missing or empty; the site's pages read it.",
    ]);
    const broken = { ...home, reasons: [{ title: 'Fits', text: 'From {pro.price}.' }] };
    expect(withFiles({ 'home.yaml': broken })).toEqual([
      expect.stringMatching(
        /^content\/home\.yaml names \{pro\.price\} in field "reasons\[0\]\.text"/,
      ),
    ]);
    const servicesPage = contentFile('services-page.yaml');
    const closing = { ...(servicesPage.closing as object), text: 'Within {replyTme}.' };
    expect(withFiles({ 'services-page.yaml': { ...servicesPage, closing } })).toEqual([
      expect.stringMatching(
        /^content\/services-page\.yaml names \{replyTme\} in field "closing\.text", which is not a fact/,
      ),
    ]);
  });

  it('checks the rules across entries and files once the shapes are sound', () => {
    const hero = { ...(home.hero as object), highlight: 'hard work' };
    expect(withFiles({ 'home.yaml': { ...home, hero } })).toEqual([
      'content/home.yaml has "hard work" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.',
    ]);
    expect(withFiles({ 'services.yaml': [service('ai-agent-development')] })).toHaveLength(
      CONTACT_SERVICES.length - 1,
    );
  });
});
