import {
  checkContent,
  CompanyFileSchema,
  ServiceSchema,
  type CompanyFile,
  type SampleCompanyFact,
  type ServiceContent,
} from '@site/contracts';
import { ContentFileError, parseContentYaml } from './content-file';

/** What the API takes from the site content: the reply-time promise and the services' names. */
export interface ContactFacts {
  /** content/company.yaml `replyTime`, read as "within <replyTime> on business days". */
  replyTime: CompanyFile['replyTime'];
  /** content/services.yaml, in the file's order. */
  services: Pick<ServiceContent, 'slug' | 'name'>[];
}

/**
 * The fields `names` of one object read from a content file, each checked against its schema in
 * `properties`; throws a ContentFileError naming the first field that is missing or wrong. The
 * API checks only the fields it uses: the site's build checks the whole file.
 */
function pick<K extends string>(
  value: unknown,
  properties: Record<K, Parameters<typeof checkContent>[0]>,
  names: readonly K[],
  where: string,
  prefix = '',
): Record<K, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ContentFileError(
      `${where} must hold named fields${prefix ? ` at "${prefix}"` : ''}.`,
    );
  const record = value as Record<string, unknown>;
  const picked = {} as Record<K, string>;
  for (const name of names) {
    const field = prefix ? `${prefix}.${name}` : name;
    const [problem] = checkContent(properties[name], record[name], where, field);
    if (problem) throw new ContentFileError(problem);
    picked[name] = String(record[name]).trim();
  }
  return picked;
}

/**
 * Reads the facts the API quotes from the sources of content/company.yaml and
 * content/services.yaml.
 */
export function readContactFactsFrom(companySource: string, servicesSource: string): ContactFacts {
  const company = parseContentYaml(companySource, 'company.yaml');
  const { replyTime } = pick(
    company,
    CompanyFileSchema.properties,
    ['replyTime'],
    'content/company.yaml',
  );
  const entries = parseContentYaml(servicesSource, 'services.yaml');
  if (!Array.isArray(entries) || entries.length === 0)
    throw new ContentFileError('content/services.yaml must be a non-empty list of services.');
  const services = entries.map((entry: unknown, index) =>
    pick(entry, ServiceSchema.properties, ['slug', 'name'], 'content/services.yaml', `[${index}]`),
  );
  return { replyTime, services };
}

/**
 * Who runs the site, as content/company.yaml writes it (the name the site goes by, the legal name,
 * the postal address and the public contact address): the organiser named in giveaway rules.
 */
export type CompanyIdentity = Pick<CompanyFile, 'name' | 'legalName' | 'address' | 'email'>;

/** The company's legal name and postal address from the source of content/company.yaml. */
export function readCompanyIdentityFrom(companySource: string): CompanyIdentity {
  return pick(
    parseContentYaml(companySource, 'company.yaml'),
    CompanyFileSchema.properties,
    ['name', 'legalName', 'address', 'email'],
    'content/company.yaml',
  );
}

/**
 * The company facts that content/company.yaml still marks as the example company's (`sample`),
 * in the file's order; none when the list is absent or empty. Throws a ContentFileError for a
 * list that names something else.
 */
export function readSampleCompanyFactsFrom(companySource: string): SampleCompanyFact[] {
  const company = parseContentYaml(companySource, 'company.yaml');
  const sample =
    company && typeof company === 'object' && !Array.isArray(company)
      ? (company as Record<string, unknown>).sample
      : undefined;
  if (sample === undefined || sample === null) return [];
  const [problem] = checkContent(
    CompanyFileSchema.properties.sample,
    sample,
    'content/company.yaml',
    'sample',
  );
  if (problem) throw new ContentFileError(problem);
  return [...new Set(sample as SampleCompanyFact[])];
}
