/*
 * Mail kept in the outbox is readable by every admin (/admin/inbox, GET /api/v1/outbox/, the
 * personal-data export). The links that act for the recipient (staff invitation, newsletter
 * confirmation and unsubscribe, giveaway claim) must not be: whoever holds one can accept the
 * invitation, unsubscribe the person or claim their prize. So the outbox row holds the mail with
 * those links replaced by a placeholder, and the mail as delivered is kept beside it in
 * `outbox_sealed`, which only the operator's command line (`npm run outbox`) reads.
 */

/** What an admin sees where the recipient's own link was. */
export const LINK_PLACEHOLDER = '[link sent to the recipient]';
/** What an admin sees where a secret stood outside a link. */
export const SECRET_PLACEHOLDER = '[code sent to the recipient]';

/** An absolute web address as it appears in a text or HTML body or a header. */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

/** A `token` query parameter (also `&amp;token=` inside HTML). */
const TOKEN_PARAMETER = /[?&](?:amp;)?token=/i;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with every link that carries one of `secrets`, or any `token=` parameter, replaced by
 * LINK_PLACEHOLDER, and any other occurrence of a secret by SECRET_PLACEHOLDER.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  // Empty or very short values would match ordinary text; real tokens are 43 characters.
  const forms = [...new Set(secrets.flatMap((s) => [s, encodeURIComponent(s)]))].filter(
    (s) => s.length >= 8,
  );
  let out = text.replace(URL_PATTERN, (url) =>
    TOKEN_PARAMETER.test(url) || forms.some((secret) => url.includes(secret))
      ? LINK_PLACEHOLDER
      : url,
  );
  for (const secret of forms) {
    out = out.replace(new RegExp(escapeRegExp(secret), 'g'), SECRET_PLACEHOLDER);
  }
  return out;
}

export interface MailBodies {
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** The admin's copy of a mail, and whether it differs from the one delivered. */
export function redactMail(
  mail: MailBodies,
  secrets: readonly string[] = [],
): { mail: MailBodies; changed: boolean } {
  const redacted: MailBodies = {
    text: redactText(mail.text, secrets),
    html: mail.html === null ? null : redactText(mail.html, secrets),
    headers: Object.fromEntries(
      Object.entries(mail.headers).map(([name, value]) => [name, redactText(value, secrets)]),
    ),
  };
  const changed =
    redacted.text !== mail.text ||
    redacted.html !== mail.html ||
    JSON.stringify(redacted.headers) !== JSON.stringify(mail.headers);
  return { mail: redacted, changed };
}
