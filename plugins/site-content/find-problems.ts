import {
  CONTACT_SERVICES,
  SITE_CONTENT_FILES,
  checkContent,
  type CompanyFile,
  type PricingFile,
  type ServiceContent,
  type SiteContentFileName,
} from '@site/contracts';
import { collectFacts, unknownFacts, type Facts } from '@site/contracts/content-facts';

/** The files as read (parsed, not yet checked), by name under content/. */
export type ContentFiles = Partial<Record<SiteContentFileName, unknown>>;

/** The files every build needs; the gallery and the blog categories may be absent. */
const REQUIRED: readonly SiteContentFileName[] = [
  'company.yaml',
  'legal.yaml',
  'services.yaml',
  'pricing.yaml',
  'home.yaml',
  'about.yaml',
  'services-page.yaml',
  'contact.yaml',
];

/** The files whose texts may name facts in braces. */
const WITH_FACTS: readonly SiteContentFileName[] = REQUIRED;

/**
 * Every problem in the site content files, as sentences naming file and field: each file against
 * its schema (contracts/src/site-content.ts), then the rules that span entries or files.
 */
export function findContentProblems(files: ContentFiles): string[] {
  const problems: string[] = [];
  for (const name of REQUIRED)
    if (files[name] === undefined || files[name] === null)
      problems.push(`content/${name} is missing or empty; the site's pages read it.`);
  // content/projects.yaml is checked entry by entry by plugins/projects, which names each project.
  for (const [name, value] of Object.entries(files) as [SiteContentFileName, unknown][])
    if (value !== undefined && value !== null && name !== 'projects.yaml')
      problems.push(...checkContent(SITE_CONTENT_FILES[name], value, `content/${name}`));
  if (problems.length > 0) return problems;
  // From here on the files have their schema's shape.
  const company = files['company.yaml'] as CompanyFile;
  const pricing = files['pricing.yaml'] as PricingFile;
  const home = files['home.yaml'] as { hero: { title: string; highlight: string } };
  problems.push(
    ...serviceListProblems(files['services.yaml'] as ServiceContent[], CONTACT_SERVICES),
    ...planProblems(pricing),
    ...homeHeroProblems(home.hero),
  );
  const facts = collectFacts({ company, pricing });
  for (const name of WITH_FACTS) problems.push(...factNameProblems(files[name], name, facts));
  return problems;
}

function duplicates(values: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  const repeated = new Set<unknown>();
  for (const value of values) {
    if (value === undefined) continue;
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

/**
 * Across the entries of content/services.yaml: the slugs are exactly the values the API accepts
 * (`apiSlugs`, CONTACT_SERVICES in contracts/src/form-fields.ts) and unique; card positions,
 * anchors and page positions are unique; a card needs its summary.
 */
export function serviceListProblems(
  entries: readonly ServiceContent[],
  apiSlugs: readonly string[],
): string[] {
  const where = 'content/services.yaml';
  const problems: string[] = [];
  const slugs = entries.map((entry) => entry.slug);
  entries.forEach((entry, index) => {
    if (!apiSlugs.includes(entry.slug))
      problems.push(
        `${where} has slug "${entry.slug}" in field "[${index}].slug", which the API does not accept; add it to CONTACT_SERVICES in contracts/src/form-fields.ts too.`,
      );
    if ((entry.card === undefined) !== (entry.summary === undefined))
      problems.push(
        `${where} needs fields "[${index}].card" and "[${index}].summary" together: a card shows its summary.`,
      );
  });
  for (const slug of apiSlugs)
    if (!slugs.includes(slug))
      problems.push(
        `${where} has no entry with slug "${slug}" in field "slug", but the API accepts it (CONTACT_SERVICES in contracts/src/form-fields.ts); add the service or remove it there.`,
      );
  for (const slug of duplicates(slugs))
    problems.push(
      `${where} uses slug "${String(slug)}" twice in field "slug"; slugs must be unique.`,
    );
  for (const card of duplicates(entries.map((entry) => entry.card)))
    problems.push(
      `${where} uses card ${String(card)} twice in field "card"; positions must be unique.`,
    );
  const details = entries.map((entry) => entry.details);
  for (const anchor of duplicates(details.map((detail) => detail?.anchor)))
    problems.push(
      `${where} uses anchor "${String(anchor)}" twice in field "details.anchor"; anchors must be unique.`,
    );
  for (const order of duplicates(details.map((detail) => detail?.order)))
    problems.push(
      `${where} uses order ${String(order)} twice in field "details.order"; positions must be unique.`,
    );
  return problems;
}

/** Across content/pricing.yaml: plan ids are unique and each plan has its second line. */
export function planProblems(pricing: PricingFile): string[] {
  const where = 'content/pricing.yaml';
  const problems: string[] = [];
  pricing.plans.forEach((plan, index) => {
    if (plan.monthly === undefined && plan.startsAt === undefined)
      problems.push(
        `${where} needs field "plans[${index}].monthly" or "plans[${index}].startsAt": the plan card shows one of them under the price.`,
      );
  });
  for (const id of duplicates(pricing.plans.map((plan) => plan.id)))
    problems.push(
      `${where} uses id "${String(id)}" twice in field "plans.id"; ids must be unique.`,
    );
  return problems;
}

/** The home page draws the words of hero.highlight in the accent colour, so the title needs them. */
export function homeHeroProblems(hero: { title: string; highlight: string }): string[] {
  return hero.title.includes(hero.highlight)
    ? []
    : [
        `content/home.yaml has "${hero.highlight}" in field "hero.highlight", which the field "hero.title" does not contain; write words of the title there.`,
      ];
}

function visitTexts(value: unknown, path: string, visit: (text: string, path: string) => void) {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value))
    value.forEach((item, index) => visitTexts(item, `${path}[${index}]`, visit));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value))
      visitTexts(item, path ? `${path}.${key}` : key, visit);
}

/** Every {name} in a file's texts must be a fact; a typo would otherwise show on the page. */
export function factNameProblems(value: unknown, file: string, facts: Facts): string[] {
  const problems: string[] = [];
  const known = Object.keys(facts)
    .map((fact) => `{${fact}}`)
    .join(', ');
  visitTexts(value, '', (content, path) => {
    for (const name of unknownFacts(content, facts))
      problems.push(
        `content/${file} names {${name}} in field "${path}", which is not a fact; known facts: ${known}.`,
      );
  });
  return problems;
}
