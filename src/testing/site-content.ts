import fs from 'node:fs';
import path from 'node:path';
import type { SiteContentFileName } from '@site/contracts';
// The content reader alone (not the pipeline's entry, which loads the markdown stack).
import { readContentFile } from '../../pipeline/src/content-file';
import type { SiteContentQueryResult } from '@/components/use-site-content';

const contentDir = path.resolve(__dirname, '../../content');

/** content/`file`, read and checked as the build reads it. */
function read<F extends SiteContentFileName>(file: F) {
  return readContentFile(fs.readFileSync(path.join(contentDir, file), 'utf8'), file);
}

/**
 * What the SiteContent static query returns in the built site, made from the real content/ files,
 * so tests see the copy a visitor sees. jest/setup-site.ts answers useStaticQuery with it (plus
 * siteMetadata) before each test.
 */
export function siteContentQueryData(): SiteContentQueryResult {
  const pricing = read('pricing.yaml');
  const company = read('company.yaml');
  return {
    // GraphQL answers a field the file leaves out with null.
    companyYaml: { ...company, sample: company.sample ?? null },
    pricingYaml: {
      consultation: pricing.consultation,
      plans: pricing.plans.map(({ id, price, monthly, startsAt }) => ({
        id,
        price,
        monthly: monthly ?? null,
        startsAt: startsAt ?? null,
      })),
    },
    allServicesYaml: {
      nodes: read('services.yaml').map(({ slug, name, icon, card, summary }) => ({
        slug,
        name,
        icon,
        card: card ?? null,
        summary: summary ?? null,
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
