import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { SiteContentQueryResult } from '@/components/use-site-content';

const contentDir = path.resolve(__dirname, '../../content');

function read(file: string): Record<string, unknown> {
  return parse(fs.readFileSync(path.join(contentDir, file), 'utf8')) as Record<string, unknown>;
}

/**
 * What the SiteContent static query returns in the built site, made from the real content/ files,
 * so tests see the copy a visitor sees. jest/setup-site.ts answers useStaticQuery with it (plus
 * siteMetadata) before each test.
 */
export function siteContentQueryData(): SiteContentQueryResult {
  const company = read('company.yaml') as unknown as SiteContentQueryResult['companyYaml'];
  const pricing = read('pricing.yaml') as unknown as SiteContentQueryResult['pricingYaml'];
  const services = parse(fs.readFileSync(path.join(contentDir, 'services.yaml'), 'utf8')) as Record<
    string,
    unknown
  >[];
  return {
    companyYaml: company,
    pricingYaml: {
      consultation: pricing.consultation,
      plans: pricing.plans.map((plan) => ({
        id: plan.id,
        price: plan.price,
        monthly: plan.monthly ?? null,
        startsAt: plan.startsAt ?? null,
      })),
    },
    allServicesYaml: {
      nodes: services.map((service) => ({
        slug: service.slug as string,
        name: service.name as string,
        icon: service.icon as SiteContentQueryResult['allServicesYaml']['nodes'][number]['icon'],
        card: (service.card as number | undefined) ?? null,
        summary: (service.summary as string | undefined) ?? null,
      })),
    },
  };
}

/** siteMetadata as gatsby-config.ts sets it, for components that read it too. */
export const SITE_METADATA = {
  title: 'AgentWorks',
  description: 'Custom AI agents',
  siteUrl: 'https://agentworks.example',
};

/** Everything the site's static queries ask for, in one answer (the mock cannot tell them apart). */
export function staticQueryData() {
  return { site: { siteMetadata: SITE_METADATA }, ...siteContentQueryData() };
}
