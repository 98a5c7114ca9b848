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

/** Providers whose mailboxes ignore dots in the local part (and whose two domains are one). */
const DOTLESS_DOMAINS: Record<string, string> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address delivers to, for telling whether two addresses are one person's:
 * lower case; a "+tag" at the end of the local part dropped (any domain); for Gmail-style
 * domains (gmail.com, googlemail.com) dots in the local part dropped and googlemail.com read as
 * gmail.com. "Ann.Lee+promo@GoogleMail.com" and "annlee@gmail.com" are one mailbox.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replace(/\./g, '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
