import {
  CONTENT_ICONS,
  collectFacts,
  unknownFacts,
  type FactSources,
  type Facts,
} from '../../src/lib/site-content';

/**
 * The shape of each site content file (content/company.yaml, services.yaml, pricing.yaml,
 * home.yaml, about.yaml, services-page.yaml, contact.yaml, legal.yaml) and the checks that stop a build with a sentence naming the file and
 * field, so whoever edits the copy can fix it without reading code.
 */
type Rule =
  | { kind: 'text'; optional?: boolean }
  | { kind: 'int'; min: number; max: number; optional?: boolean }
  | { kind: 'boolean'; optional?: boolean }
  | { kind: 'oneOf'; values: readonly string[]; optional?: boolean }
  | { kind: 'list'; of: Rule; optional?: boolean }
  | { kind: 'object'; fields: Record<string, Rule>; optional?: boolean };

const text: Rule = { kind: 'text' };
const optionalText: Rule = { kind: 'text', optional: true };
const texts: Rule = { kind: 'list', of: text };
const icon: Rule = { kind: 'oneOf', values: CONTENT_ICONS };
const object = (fields: Record<string, Rule>, optional = false): Rule => ({
  kind: 'object',
  fields,
  optional,
});
const list = (fields: Record<string, Rule>): Rule => ({ kind: 'list', of: object(fields) });
const titled = list({ title: text, text });
/** The heading of a page section: a small label above, the title, an optional lead below. */
const heading = (lead: Rule = optionalText): Rule => object({ eyebrow: text, title: text, lead });
/** The top of a page: label, title and lead, with button labels on some pages. */
const hero = (buttons: Record<string, Rule> = {}): Rule =>
  object({ eyebrow: text, title: text, lead: text, ...buttons });

export const COMPANY_RULE = object({
  name: text,
  legalName: text,
  address: text,
  foundedYear: { kind: 'int', min: 1900, max: 2100 },
  email: text,
  phone: text,
  replyTime: text,
  figures: list({ label: text, value: { kind: 'int', min: 0, max: 100 } }),
});

const legalPage = object({
  title: text,
  description: text,
  /** The day the page last changed, YYYY-MM-DD. */
  updated: text,
  lead: text,
  sections: list({
    heading: text,
    paragraphs: { kind: 'list', of: text, optional: true },
    items: { kind: 'list', of: text, optional: true },
  }),
});

export const LEGAL_RULE = object({ privacy: legalPage, terms: legalPage, imprint: legalPage });

export const SERVICE_RULE = object({
  slug: text,
  name: text,
  icon,
  card: { kind: 'int', min: 1, max: 99, optional: true },
  summary: optionalText,
  details: object(
    {
      anchor: text,
      order: { kind: 'int', min: 1, max: 99 },
      intro: text,
      points: texts,
      aside: object({
        kind: { kind: 'oneOf', values: ['steps', 'card', 'platforms'] },
        label: optionalText,
        title: optionalText,
        items: titled,
      }),
    },
    true,
  ),
});

export const PRICING_RULE = object({
  consultation: object({ rate: text, freeMinutes: { kind: 'int', min: 0, max: 600 } }),
  title: text,
  description: text,
  hero: hero(),
  sections: object({ plans: heading(text), extras: heading(text), faq: heading() }),
  popularBadge: text,
  closing: object({ text, cta: text }),
  plans: list({
    id: text,
    name: text,
    tagline: text,
    price: text,
    priceNote: optionalText,
    monthly: optionalText,
    startsAt: optionalText,
    features: texts,
    cta: text,
    popular: { kind: 'boolean', optional: true },
  }),
  extras: list({ title: text, price: text, text, icon }),
  faq: list({ question: text, answer: text }),
});

export const HOME_RULE = object({
  hero: object({
    pill: text,
    title: text,
    highlight: text,
    lead: text,
    cta: text,
    secondary: text,
    secondaryHint: text,
    trust: texts,
  }),
  console: object({ label: text, title: text, status: text, caption: text }),
  consoleSteps: list({ text, time: text, done: { kind: 'boolean' } }),
  services: object({ eyebrow: text, title: text, lead: text, more: text }),
  why: object({
    eyebrow: text,
    title: text,
    text,
    figuresTitle: text,
    figuresNote: text,
  }),
  reasons: titled,
  closing: object({ label: text, title: text, text, cta: text, secondary: text }),
  insights: object({ title: text, lead: text, empty: text, more: text }),
});

export const ABOUT_RULE = object({
  title: text,
  description: text,
  hero: hero(),
  story: object({ eyebrow: text, title: text, paragraphs: texts }),
  facts: object({ label: text, items: list({ label: text, text }) }),
  mission: object({ title: text, text }),
  sections: object({ values: heading(), process: heading(text), approach: heading() }),
  values: list({ title: text, text, icon }),
  process: titled,
  approach: titled,
  closing: object({ label: text, text, cta: text }),
});

export const SERVICES_PAGE_RULE = object({
  title: text,
  description: text,
  hero: hero({ cta: text, secondary: text }),
  jumpLabel: text,
  closing: object({ title: text, text, cta: text, secondary: text }),
});

export const CONTACT_RULE = object({
  title: text,
  description: text,
  hero: hero(),
  form: object({ title: text, lead: text }),
  details: object({
    label: text,
    direct: object({
      title: text,
      email: text,
      phone: text,
      response: text,
      responseText: text,
    }),
    next: object({ title: text, steps: list({ lead: text, text }) }),
  }),
});

/** The home page draws the words of hero.highlight in the accent colour, so the title needs them. */
export function validateHomeHero(home: Entry) {
  const heroCopy = (home.hero ?? {}) as Entry;
  const { title, highlight } = heroCopy;
  if (typeof title !== 'string' || typeof highlight !== 'string' || isMissing(highlight)) return [];
  return title.includes(highlight)
    ? []
    : [
        `content/home.yaml has "${highlight}" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.`,
      ];
}

/** Keys Gatsby and gatsby-transformer-yaml add to a node; they are not part of the file. */
const NODE_KEYS = new Set(['id', 'parent', 'children', 'internal', 'fields', 'yamlId']);

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a group of fields';
  return `"${String(value)}"`;
}

function fieldName(path: string, key: string) {
  return path ? `${path}.${key}` : key;
}

function check(
  value: unknown,
  rule: Rule,
  path: string,
  where: string,
  problems: string[],
  isNode = false,
) {
  if (isMissing(value)) {
    if (!rule.optional) problems.push(`${where} is missing the required field "${path}".`);
    return;
  }
  switch (rule.kind) {
    case 'text':
      if (typeof value !== 'string' && typeof value !== 'number')
        problems.push(`${where} has ${describe(value)} in field "${path}"; write a text there.`);
      return;
    case 'int':
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < rule.min ||
        value > rule.max
      )
        problems.push(
          `${where} has ${describe(value)} in field "${path}"; write a whole number from ${rule.min} to ${rule.max}.`,
        );
      return;
    case 'boolean':
      if (typeof value !== 'boolean')
        problems.push(`${where} has ${describe(value)} in field "${path}"; write true or false.`);
      return;
    case 'oneOf':
      if (typeof value !== 'string' || !rule.values.includes(value))
        problems.push(
          `${where} has ${describe(value)} in field "${path}"; use one of: ${rule.values.join(', ')}.`,
        );
      return;
    case 'list':
      if (!Array.isArray(value) || value.length === 0) {
        problems.push(`${where} needs field "${path}" as a non-empty list.`);
        return;
      }
      value.forEach((item, index) => check(item, rule.of, `${path}[${index}]`, where, problems));
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push(`${where} has ${describe(value)} in field "${path}"; it needs named fields.`);
        return;
      }
      const record = value as Record<string, unknown>;
      for (const [key, fieldRule] of Object.entries(rule.fields))
        check(record[key], fieldRule, fieldName(path, key), where, problems);
      const known = Object.keys(rule.fields);
      for (const key of Object.keys(record)) {
        if (isNode && NODE_KEYS.has(key)) continue;
        if (!known.includes(key))
          problems.push(
            `${where} has the unknown field "${fieldName(path, key)}"; known fields there: ${known.join(', ')}.`,
          );
      }
      return;
    }
  }
}

/**
 * Checks one parsed file, or one entry of a list file (`entryPath` "[2]" names it by position),
 * against its rule. `value` may be the Gatsby node: the keys Gatsby adds are skipped.
 */
export function validateShape(value: unknown, rule: Rule, file: string, entryPath = ''): string[] {
  const problems: string[] = [];
  check(value, rule, entryPath, `content/${file}`, problems, true);
  return problems;
}

function duplicates(values: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  const repeated = new Set<unknown>();
  for (const value of values) {
    if (value === undefined || value === null) continue;
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

type Entry = Record<string, unknown>;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks across the entries of content/services.yaml: slugs are well formed, unique and exactly
 * the values the API accepts (`apiSlugs`, from contracts/src/contact.ts); card positions, anchors
 * and page positions are unique; a card needs its summary.
 */
export function validateServiceList(entries: readonly Entry[], apiSlugs: readonly string[]) {
  const where = 'content/services.yaml';
  const problems: string[] = [];
  const slugs = entries.map((entry) => entry.slug).filter((slug) => typeof slug === 'string');
  entries.forEach((entry, index) => {
    const slug = entry.slug;
    if (typeof slug === 'string' && !SLUG.test(slug))
      problems.push(
        `${where} has slug "${slug}" in field "[${index}].slug"; use lower-case words joined by hyphens.`,
      );
    else if (typeof slug === 'string' && !apiSlugs.includes(slug))
      problems.push(
        `${where} has slug "${slug}" in field "[${index}].slug", which the API does not accept; add it to CONTACT_SERVICES in contracts/src/contact.ts too.`,
      );
    if ((entry.card === undefined || entry.card === null) !== isMissing(entry.summary))
      problems.push(
        `${where} needs fields "[${index}].card" and "[${index}].summary" together: a card shows its summary.`,
      );
  });
  for (const slug of apiSlugs)
    if (!slugs.includes(slug))
      problems.push(
        `${where} has no entry with slug "${slug}" in field "slug", but the API accepts it (CONTACT_SERVICES in contracts/src/contact.ts); add the service or remove it there.`,
      );
  for (const slug of duplicates(slugs))
    problems.push(
      `${where} uses slug "${String(slug)}" twice in field "slug"; slugs must be unique.`,
    );
  for (const card of duplicates(entries.map((entry) => entry.card)))
    problems.push(
      `${where} uses card ${String(card)} twice in field "card"; positions must be unique.`,
    );
  const details = entries.map((entry) => (entry.details ?? {}) as Entry);
  for (const anchor of duplicates(details.map((detail) => detail.anchor)))
    problems.push(
      `${where} uses anchor "${String(anchor)}" twice in field "details.anchor"; anchors must be unique.`,
    );
  for (const order of duplicates(details.map((detail) => detail.order)))
    problems.push(
      `${where} uses order ${String(order)} twice in field "details.order"; positions must be unique.`,
    );
  return problems;
}

/** Checks across content/pricing.yaml: plan ids are unique and each plan has its second line. */
export function validatePlans(pricing: Entry) {
  const where = 'content/pricing.yaml';
  const plans = Array.isArray(pricing.plans) ? (pricing.plans as Entry[]) : [];
  const problems: string[] = [];
  plans.forEach((plan, index) => {
    if (typeof plan.id === 'string' && !SLUG.test(plan.id))
      problems.push(
        `${where} has id "${plan.id}" in field "plans[${index}].id"; use lower-case words joined by hyphens.`,
      );
    if (isMissing(plan.monthly) && isMissing(plan.startsAt))
      problems.push(
        `${where} needs field "plans[${index}].monthly" or "plans[${index}].startsAt": the plan card shows one of them under the price.`,
      );
  });
  for (const id of duplicates(plans.map((plan) => plan.id)))
    problems.push(
      `${where} uses id "${String(id)}" twice in field "plans.id"; ids must be unique.`,
    );
  return problems;
}

function visitTexts(
  value: unknown,
  path: string,
  visit: (text: string, path: string) => void,
  isNode = false,
) {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value))
    value.forEach((item, index) => visitTexts(item, `${path}[${index}]`, visit));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value as Entry)) {
      if (isNode && NODE_KEYS.has(key)) continue;
      visitTexts(item, fieldName(path, key), visit);
    }
}

/** Every {name} in a file's texts must be a fact; a typo would otherwise show on the page. */
export function validateFactNames(value: unknown, file: string, facts: Facts, entryPath = '') {
  const problems: string[] = [];
  const visit = (content: string, path: string) => {
    for (const name of unknownFacts(content, facts))
      problems.push(
        `content/${file} names {${name}} in field "${path}", which is not a fact; known facts: ${Object.keys(
          facts,
        )
          .map((fact) => `{${fact}}`)
          .join(', ')}.`,
      );
  };
  visitTexts(value, entryPath, visit, true);
  return problems;
}

/** The facts, once company.yaml and pricing.yaml have passed their shape checks. */
export function factsFrom(company: unknown, pricing: unknown): Facts {
  return collectFacts({ company, pricing } as FactSources);
}
