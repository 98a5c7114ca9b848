/**
 * Rules shared by the pages that show content/*.yaml and the build-time check of those files
 * (plugins/site-content): the facts a text may name in braces.
 * Pure code, no Gatsby or React, so both sides use the same rule.
 */

import type { CompanyFile, PricingFile } from './site-content';

export type { ContentIcon } from './form-fields';

/** As a file holds it or a query returns it: a field the file leaves out may also be null. */
type OrNull<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

/** The parts of content/company.yaml and content/pricing.yaml that texts may quote. */
export interface FactSources {
  company: Pick<
    CompanyFile,
    'name' | 'legalName' | 'address' | 'foundedYear' | 'email' | 'phone' | 'replyTime'
  >;
  pricing: {
    consultation: PricingFile['consultation'];
    plans: readonly OrNull<
      Pick<PricingFile['plans'][number], 'id' | 'price' | 'monthly' | 'startsAt'>
    >[];
  };
}

/** Fact name (as written between braces) → its value. */
export type Facts = Readonly<Record<string, string>>;

/**
 * Every fact a text may name: {name}, {legalName}, {address}, {replyTime}, {foundedYear}, {email}, {phone},
 * {consultation.rate}, {consultation.freeMinutes} and {<plan id>.price|monthly|startsAt}.
 */
export function collectFacts({ company, pricing }: FactSources): Facts {
  const facts: Record<string, string> = {
    name: company.name,
    legalName: company.legalName,
    address: company.address,
    replyTime: company.replyTime,
    foundedYear: String(company.foundedYear),
    email: company.email,
    phone: company.phone,
    'consultation.rate': pricing.consultation.rate,
    'consultation.freeMinutes': String(pricing.consultation.freeMinutes),
  };
  for (const plan of pricing.plans) {
    facts[`${plan.id}.price`] = plan.price;
    if (plan.monthly) facts[`${plan.id}.monthly`] = plan.monthly;
    if (plan.startsAt) facts[`${plan.id}.startsAt`] = plan.startsAt;
  }
  return facts;
}

const PLACEHOLDER = /\{([A-Za-z][\w.-]*)\}/g;

/** A fact's value; own keys only, so {constructor} is no fact. */
function factOf(facts: Facts, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(facts, name) ? facts[name] : undefined;
}

/** Names in braces that are not facts; the build refuses a text that has any. */
export function unknownFacts(text: string, facts: Facts): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => factOf(facts, name) === undefined);
}

/** Replaces each {fact} with its value; an unknown name stays as written (the build rejects it). */
export function fillFacts(text: string, facts: Facts): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => factOf(facts, name) ?? whole);
}
