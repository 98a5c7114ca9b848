import { repositoryContentFile as contentFile } from '../../../jest/content-files';
import { checkContent } from '../content-check';
import {
  CompanyFileSchema,
  PricingFileSchema,
  ServicesFileSchema,
  SITE_CONTENT_FILES,
  type SiteContentFileName,
} from '../site-content';

/** A good file: the company facts of this repository. */
const company = contentFile('company.yaml');
const check = (value: unknown) => checkContent(CompanyFileSchema, value, 'content/company.yaml');

describe('the site content schemas', () => {
  it.each(Object.keys(SITE_CONTENT_FILES) as SiteContentFileName[])(
    'accept content/%s of this repository',
    (file) => {
      expect(checkContent(SITE_CONTENT_FILES[file], contentFile(file), `content/${file}`)).toEqual(
        [],
      );
    },
  );

  it('accept a good file', () => {
    expect(check(company)).toEqual([]);
  });

  it('refuse a missing, empty or blank field, naming file and field', () => {
    const { replyTime: _dropped, ...withoutReplyTime } = company;
    expect(check(withoutReplyTime)).toEqual([
      'content/company.yaml is missing the required field "replyTime".',
    ]);
    expect(check({ ...company, phone: null, address: '  ' })).toEqual([
      'content/company.yaml is missing the required field "phone".',
      'content/company.yaml is missing the required field "address".',
    ]);
  });

  it('refuse a value of the wrong type, with what to write instead', () => {
    expect(
      check({ ...company, foundedYear: 'twenty', figures: [{ label: 'Efficiency', value: 185 }] }),
    ).toEqual([
      'content/company.yaml has "twenty" in field "foundedYear"; write a whole number from 1900 to 2100.',
      'content/company.yaml has "185" in field "figures[0].value"; write a whole number from 0 to 100.',
    ]);
    expect(check({ ...company, name: 42, figures: 'many' })).toEqual([
      'content/company.yaml has "42" in field "name"; write it in quotes there (\'42\'), as a text.',
      'content/company.yaml needs field "figures" as a non-empty list.',
    ]);
    expect(check({ ...company, email: ['a@b.example'] })).toEqual([
      'content/company.yaml has a list in field "email"; write a text there.',
    ]);
  });

  it('refuse an unknown key, listing the known ones', () => {
    expect(check({ ...company, replytime: '2 days' })).toEqual([
      'content/company.yaml has the unknown field "replytime"; known fields there: name, legalName, address, foundedYear, email, phone, replyTime, figures, sample.',
    ]);
  });

  it('refuse a word that is not one of the choices, and a malformed slug', () => {
    const pricing = contentFile('pricing.yaml') as { extras: object[]; plans: object[] };
    const extras = [{ ...pricing.extras[0], icon: 'rocket' }];
    const plans = [{ ...pricing.plans[0], id: 'Starter Plan' }];
    expect(
      checkContent(PricingFileSchema, { ...pricing, extras, plans }, 'content/pricing.yaml'),
    ).toEqual([
      'content/pricing.yaml has "Starter Plan" in field "plans[0].id"; use lower-case words joined by hyphens.',
      'content/pricing.yaml has "rocket" in field "extras[0].icon"; use one of: agent, consultation, integration, retrieval, graph, shield, protocol, voice, spark, clock, target.',
    ]);
  });

  it('name an entry of a list file by its position', () => {
    const services = contentFile('services.yaml') as unknown as object[];
    const broken = [...services, { slug: 'mcp', icon: 'agent', details: { anchor: 'x' } }];
    expect(checkContent(ServicesFileSchema, broken, 'content/services.yaml')).toEqual([
      `content/services.yaml is missing the required field "[${services.length}].name".`,
      `content/services.yaml is missing the required field "[${services.length}].details.order".`,
      `content/services.yaml is missing the required field "[${services.length}].details.intro".`,
      `content/services.yaml is missing the required field "[${services.length}].details.points".`,
      `content/services.yaml is missing the required field "[${services.length}].details.aside".`,
    ]);
  });
});
