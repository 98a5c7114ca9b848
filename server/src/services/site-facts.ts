import { readFileSync } from 'node:fs';
import { SAMPLE_COMPANY_FACT_NAMES } from '@site/contracts';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  readCompanyIdentityFrom,
  readContactFactsFrom,
  readSampleCompanyFactsFrom,
  type CompanyIdentity,
  type ContactFacts,
} from '@site/pipeline';

/**
 * The reply time and service names from the site's content/ folder (CONTENT_DIR), the same files
 * the pages are built from, so an enquiry's answer and notification say what the site says. Read
 * on each use: an edited file counts from the next enquiry, without a restart.
 */
export async function loadContactFacts(contentDir: string): Promise<ContactFacts> {
  const [company, services] = await Promise.all([
    fs.readFile(path.join(contentDir, 'company.yaml'), 'utf8'),
    fs.readFile(path.join(contentDir, 'services.yaml'), 'utf8'),
  ]);
  return readContactFactsFrom(company, services);
}

/** The answer to a visitor who sent an enquiry. */
export function thanksMessage(name: string, facts: ContactFacts): string {
  return `Thanks, ${name}! We received your message and will reply within ${facts.replyTime} on business days.`;
}

/** The content folder the company's identity is read from; the app sets it from CONTENT_DIR. */
let identityDir = path.resolve('content');

export function setCompanyContentDir(contentDir: string): void {
  identityDir = contentDir;
}

/**
 * The company's legal name and address from content/company.yaml, read on each use (a small
 * file) so that an edited address counts from the next giveaway rules written.
 */
export function loadCompanyIdentity(): CompanyIdentity {
  return readCompanyIdentityFrom(readFileSync(path.join(identityDir, 'company.yaml'), 'utf8'));
}

/**
 * The warning a start prints while content/company.yaml still lists example facts under
 * `sample`, or null when it lists none. The legal pages name the organiser with these facts, so
 * an owner must not go live with the example company's.
 */
export function sampleCompanyFactsWarning(contentDir: string): string | null {
  let source: string;
  try {
    source = readFileSync(path.join(contentDir, 'company.yaml'), 'utf8');
  } catch (error) {
    // A server started without the site's content (an API-only process) has nothing to warn about.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const sample = readSampleCompanyFactsFrom(source);
  if (sample.length === 0) return null;
  const names = sample.map((fact) => SAMPLE_COMPANY_FACT_NAMES[fact]).join(', ');
  return (
    `content/company.yaml still holds the example company's ${names} (listed under "sample"); ` +
    'the legal pages say so to every visitor. Write your own, remove their names from "sample" ' +
    'and rebuild (docs/editing.md).'
  );
}

/**
 * The acknowledgement a visitor gets for an enquiry: the reply-time promise. It repeats nothing the
 * visitor typed (not even their name): anyone can type someone else's address into the form, and
 * the mail must not carry their words to it.
 */
export function acknowledgementText(
  facts: ContactFacts,
  company: { name: string; email: string },
): string {
  return [
    'Hello,',
    '',
    `Thank you for your message to ${company.name}. We have received it and will reply within ${facts.replyTime} on business days.`,
    '',
    `If you did not write to us, you can ignore this e-mail. To add something, write to ${company.email}.`,
  ].join('\n');
}
