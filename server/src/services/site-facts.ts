import fs from 'node:fs/promises';
import path from 'node:path';
import { readContactFactsFrom, type ContactFacts } from '@site/pipeline';

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
