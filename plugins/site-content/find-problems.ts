import { CONTACT_SERVICES } from '@site/contracts';
import type { Node } from 'gatsby';
import {
  ABOUT_RULE,
  COMPANY_RULE,
  CONTACT_RULE,
  HOME_RULE,
  LEGAL_RULE,
  PRICING_RULE,
  SERVICES_PAGE_RULE,
  SERVICE_RULE,
  factsFrom,
  validateFactNames,
  validateHomeHero,
  validatePlans,
  validateServiceList,
  validateShape,
} from './validate-content';

/** The site content files: node type (gatsby-transformer-yaml, named by file) → file and rule. */
const FILES = {
  CompanyYaml: { file: 'company.yaml', rule: COMPANY_RULE },
  PricingYaml: { file: 'pricing.yaml', rule: PRICING_RULE },
  HomeYaml: { file: 'home.yaml', rule: HOME_RULE },
  AboutYaml: { file: 'about.yaml', rule: ABOUT_RULE },
  ServicesPageYaml: { file: 'services-page.yaml', rule: SERVICES_PAGE_RULE },
  ContactYaml: { file: 'contact.yaml', rule: CONTACT_RULE },
  LegalYaml: { file: 'legal.yaml', rule: LEGAL_RULE },
} as const;

/** Every problem in the site content files, as sentences naming file and field. */
export function findContentProblems(getNodesByType: (type: string) => Node[]): string[] {
  const problems: string[] = [];
  const single: Partial<Record<keyof typeof FILES, Node>> = {};
  for (const [type, { file, rule }] of Object.entries(FILES) as [
    keyof typeof FILES,
    (typeof FILES)[keyof typeof FILES],
  ][]) {
    const nodes = getNodesByType(type);
    if (nodes.length === 0) {
      problems.push(`content/${file} is missing or empty; the site's pages read it.`);
      continue;
    }
    single[type] = nodes[0];
    problems.push(...validateShape(nodes[0], rule, file));
  }
  const services = getNodesByType('ServicesYaml');
  if (services.length === 0) problems.push('content/services.yaml is missing or lists no service.');
  services.forEach((service, index) =>
    problems.push(...validateShape(service, SERVICE_RULE, 'services.yaml', `[${index}]`)),
  );
  problems.push(...validateServiceList(services, CONTACT_SERVICES));
  if (single.PricingYaml) problems.push(...validatePlans(single.PricingYaml));
  if (single.HomeYaml) problems.push(...validateHomeHero(single.HomeYaml));
  // Fact names can only be checked once the facts themselves are sound.
  if (problems.length > 0 || !single.CompanyYaml || !single.PricingYaml) return problems;
  const facts = factsFrom(single.CompanyYaml, single.PricingYaml);
  for (const [type, { file }] of Object.entries(FILES) as [
    keyof typeof FILES,
    (typeof FILES)[keyof typeof FILES],
  ][])
    problems.push(...validateFactNames(single[type], file, facts));
  services.forEach((service, index) =>
    problems.push(...validateFactNames(service, 'services.yaml', facts, `[${index}]`)),
  );
  return problems;
}
