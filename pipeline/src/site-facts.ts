import { parseDocument } from 'yaml';

/** What the API takes from the site content: the reply-time promise and the services' names. */
export interface ContactFacts {
  /** content/company.yaml `replyTime`, read as "within <replyTime> on business days". */
  replyTime: string;
  /** content/services.yaml, in the file's order. */
  services: { slug: string; name: string }[];
}

/** A content file the API needs is unreadable or lacks a field; the message names both. */
export class SiteFactsError extends Error {}

function parse(source: string, file: string): unknown {
  const doc = parseDocument(source, { schema: 'failsafe' });
  if (doc.errors.length > 0)
    throw new SiteFactsError(
      `content/${file} is not valid YAML: ${doc.errors.map((error) => error.message).join(' ')}`,
    );
  return doc.toJS() as unknown;
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Reads the facts the API quotes from the sources of content/company.yaml and
 * content/services.yaml (the site's build checks the same files in full).
 */
export function readContactFactsFrom(companySource: string, servicesSource: string): ContactFacts {
  const company = parse(companySource, 'company.yaml') as { replyTime?: unknown } | null;
  if (!company || typeof company !== 'object' || !isText(company.replyTime))
    throw new SiteFactsError('content/company.yaml is missing the required field "replyTime".');
  const entries = parse(servicesSource, 'services.yaml');
  if (!Array.isArray(entries) || entries.length === 0)
    throw new SiteFactsError('content/services.yaml must be a non-empty list of services.');
  const services = entries.map((entry: unknown, index) => {
    const { slug, name } = (entry ?? {}) as { slug?: unknown; name?: unknown };
    for (const [field, value] of [
      ['slug', slug],
      ['name', name],
    ] as const)
      if (!isText(value))
        throw new SiteFactsError(
          `content/services.yaml is missing the required field "[${index}].${field}".`,
        );
    return { slug: slug as string, name: name as string };
  });
  return { replyTime: company.replyTime.trim(), services };
}

/** Who runs the site, as content/company.yaml writes it: the organiser named in giveaway rules. */
export interface CompanyIdentity {
  /** The name the site goes by. */
  name: string;
  /** `legalName`, else `name`. */
  legalName: string;
  address: string;
  /** The public contact address. */
  email: string;
}

/** The company's legal name and postal address from the source of content/company.yaml. */
export function readCompanyIdentityFrom(companySource: string): CompanyIdentity {
  const company = parse(companySource, 'company.yaml') as {
    name?: unknown;
    legalName?: unknown;
    address?: unknown;
    email?: unknown;
  } | null;
  if (!company || typeof company !== 'object')
    throw new SiteFactsError('content/company.yaml must hold the company facts.');
  const legalName = isText(company.legalName) ? company.legalName : company.name;
  if (!isText(legalName))
    throw new SiteFactsError('content/company.yaml is missing the required field "legalName".');
  for (const field of ['name', 'address', 'email'] as const)
    if (!isText(company[field]))
      throw new SiteFactsError(`content/company.yaml is missing the required field "${field}".`);
  return {
    name: (company.name as string).trim(),
    legalName: legalName.trim(),
    address: (company.address as string).trim(),
    email: (company.email as string).trim(),
  };
}
