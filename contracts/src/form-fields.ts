/**
 * Field rules shared by the API's schemas and the site's forms, so a form can never accept what the
 * API refuses or the other way round. This module holds no schema code: a browser page imports it
 * alone as `@site/contracts/form-fields`, without the rest of the contracts.
 */

/**
 * The one e-mail address rule, for every form of the site and every API route that takes an
 * address: at most 254 characters, a local part of at most 64, then "@" and a domain of at least
 * two dot-separated labels (letters, digits and inner hyphens). The local part allows the
 * characters of RFC 5322's dot-atom (no quoted forms, no spaces); letters of any case.
 */
export const EMAIL_MAX_LENGTH = 254;

/** RFC 5321's limit on the part before the "@". */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** True when `value`, exactly as given (trim it first where a form trims), is an address. */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

/** Longest accepted text of each field of the contact form (`POST /contact/`), in characters. */
export const CONTACT_FIELD_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 40,
  company: 120,
  message: 5000,
  website: 500,
} as const;

/**
 * The service values the API accepts; the empty string means "none chosen". They are the slugs of
 * content/services.yaml, in its order: the site build and a test fail when the two differ.
 */
export const CONTACT_SERVICES = [
  'ai-agent-development',
  'ai-consultation',
  'agents-security',
  'graph-rag',
  'integration',
  'mcp',
  'retrieval-augment-generation',
  'voice-ai',
] as const;

/** A giveaway's minimum entrant age in years (`min_age`): the range and the form's default. */
export const MIN_AGE_LIMITS = { min: 13, max: 99, default: 18 } as const;

/** Days a winner has to claim the prize (`claim_days`): the range and the form's default. */
export const CLAIM_DAYS_LIMITS = { min: 1, max: 90, default: 7 } as const;

/** How many winners one draw picks. */
export const WINNER_COUNT_LIMITS = { min: 1, max: 100, default: 1 } as const;

/**
 * The most bonus entries one entrant can earn by referring others (`referral_cap`): the range and
 * the form's default for a new giveaway; 0 turns referrals off.
 */
export const REFERRAL_CAP_LIMITS = { min: 0, max: 100, default: 5 } as const;

/**
 * Choices a site content file (content/*.yaml) may name, which pages also need at run time: the
 * icons of services, extras and values, and the project gallery's types and statuses. The content
 * schemas (./site-content.ts) refuse any other value.
 */
/**
 * The company facts content/company.yaml may list under `sample` (still the shipped example's),
 * with the words the legal pages' notice and the server's start warning use for each.
 */
export const SAMPLE_COMPANY_FACT_NAMES = {
  legalName: 'legal name',
  address: 'postal address',
  email: 'e-mail address',
  phone: 'phone number',
} as const;

export const CONTENT_ICONS = [
  'agent',
  'consultation',
  'integration',
  'retrieval',
  'graph',
  'shield',
  'protocol',
  'voice',
  'spark',
  'clock',
  'target',
] as const;
export type ContentIcon = (typeof CONTENT_ICONS)[number];

export const PROJECT_TYPES = ['html', 'react', 'other'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_STATUSES = ['live', 'development', 'planned'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Longest note accepted with a report of a taken Instagram handle, in characters. */
export const HANDLE_REPORT_NOTE_MAX_LENGTH = 1000;

/** A referral code: 60 random bits as 12 characters of Crockford's base 32 (no I, L, O or U). */
export const REFERRAL_CODE_PATTERN = '^[0-9A-HJKMNP-TV-Z]{12}$';
