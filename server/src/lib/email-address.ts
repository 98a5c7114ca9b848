import addressparser from 'nodemailer/lib/addressparser';

/**
 * The form in which the server compares e-mail addresses: surrounding white space removed and
 * letters lower-cased, the way subscriptions, entries and invitations store them. Addresses are
 * ASCII under the one e-mail rule, so SQL's lower() on a stored address gives the same text.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Header names (lower-cased) whose values name people by address. */
const ADDRESS_HEADERS = new Set(['to', 'cc', 'bcc', 'reply-to', 'from', 'sender']);

/**
 * Every address that a mail's extra headers name (the enquirer in an enquiry notice's Reply-To,
 * for one), normalised and each once. Display names, groups and lists are read the way mail
 * programs read them; a header that is not an address header, or holds no address, adds nothing.
 */
export function headerAddresses(headers: Record<string, unknown>): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (!ADDRESS_HEADERS.has(name.trim().toLowerCase()) || typeof value !== 'string') continue;
    for (const { address } of addressparser(value, { flatten: true })) {
      const normalised = normaliseEmail(address ?? '');
      if (normalised.includes('@')) found.add(normalised);
    }
  }
  return [...found];
}
