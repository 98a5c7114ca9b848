import { type Kysely, sql } from 'kysely';

/*
 * Admins read the outbox; the links that act for a recipient (invitation, newsletter
 * confirmation and unsubscribe, giveaway claim) must not be readable there. The outbox row keeps
 * the mail with those links replaced by a placeholder, and the mail as delivered goes to
 * `outbox_sealed`, which only the operator's command line reads.
 *
 * Existing data: every kept mail with a link carrying a `token=` parameter (every such link the
 * server has ever written) is split the same way now.
 */

const PLACEHOLDER = '[link sent to the recipient]';
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const TOKEN_PARAMETER = /[?&](?:amp;)?token=/i;

const redact = (text: string) =>
  text.replace(URL_PATTERN, (url) => (TOKEN_PARAMETER.test(url) ? PLACEHOLDER : url));

interface Kept {
  id: number;
  text_body: string;
  html_body: string | null;
  headers: string;
}

function parseHeaders(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_sealed')
    .addColumn('outbox_id', 'integer', (c) =>
      c.primaryKey().references('outbox.id').onDelete('cascade'),
    )
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text', (c) => c.notNull())
    .execute();

  const kept = await sql<Kept>`select id, text_body, html_body, headers from outbox`.execute(db);
  for (const row of kept.rows) {
    // A row whose headers are not a JSON object keeps them as they are; its bodies are still redacted.
    const headers = parseHeaders(row.headers);
    const redactedHeaders =
      headers === null
        ? row.headers
        : JSON.stringify(
            Object.fromEntries(
              Object.entries(headers).map(([name, value]) => [name, redact(String(value))]),
            ),
          );
    const text = redact(row.text_body);
    const html = row.html_body === null ? null : redact(row.html_body);
    if (text === row.text_body && html === row.html_body && redactedHeaders === row.headers)
      continue;
    await sql`insert into outbox_sealed (outbox_id, text_body, html_body, headers)
      values (${row.id}, ${row.text_body}, ${row.html_body}, ${row.headers})`.execute(db);
    await sql`update outbox set text_body = ${text}, html_body = ${html}, headers = ${redactedHeaders}
      where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The delivered mail goes back into the outbox rows it was taken from.
  const sealed = await sql<Kept>`select outbox_id as id, text_body, html_body, headers
    from outbox_sealed`.execute(db);
  for (const row of sealed.rows) {
    await sql`update outbox set text_body = ${row.text_body}, html_body = ${row.html_body},
      headers = ${row.headers} where id = ${row.id}`.execute(db);
  }
  await db.schema.dropTable('outbox_sealed').execute();
}
