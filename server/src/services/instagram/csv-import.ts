import { createHash } from 'node:crypto';
import { type InstagramComment, isoTimestamp } from './comment';

/**
 * Comments from a CSV file, for owners whose account cannot use the API (personal accounts): the
 * platform's own data export or a comment-picker's export, saved as CSV.
 *
 * Accepted column names. A header is compared lower-cased with everything but letters and digits
 * removed, so "Comment ID", "comment_id" and "commentId" are one name. The first column that
 * matches a name wins; other columns are ignored.
 *
 * | Field     | Required | Accepted headers                                                    |
 * |-----------|----------|---------------------------------------------------------------------|
 * | username  | yes      | username, user, user name, author, author username, profile,        |
 * |           |          | profile name, handle, account, owner username, from                 |
 * | text      | yes      | text, comment, comment text, message, content, body                 |
 * | timestamp | yes      | timestamp, created_at, created time, created, date time, datetime,  |
 * |           |          | posted at, comment date, date, time (when "date" and "time" are     |
 * |           |          | separate columns, they are joined)                                  |
 * | id        | no       | id, comment_id, comment id, commentid                               |
 * | parent id | no       | parent_id, parent comment id, reply to, in reply to                 |
 * | likes     | no       | like_count, likes, like count, likes count                          |
 *
 * Timestamps: ISO 8601 ("2024-03-01T14:22:11+0000", "2024-03-01 14:22", with or without a zone; no
 * zone means UTC) or Unix time in seconds or milliseconds. Day/month orders such as "01/03/2024"
 * are refused, since they read differently in different countries.
 *
 * A row without an id gets "csv-" and the first 24 hex digits of the SHA-256 of its account, time
 * and text (with a counter for exact repeats), so importing the same file again gives the same ids.
 *
 * The file: RFC 4180 (fields in double quotes may hold commas, quotes written "" and line breaks;
 * CRLF, LF or CR line ends), UTF-8 with or without a byte-order mark, separated by commas, or by
 * semicolons or tabs when the header line holds those and no comma. Blank lines are skipped.
 */

/** The largest file accepted, in bytes. A post with 200,000 comments exports to about 20 MB. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
/** The most comment rows accepted (the header not counted). */
export const MAX_CSV_ROWS = 200_000;

/** A problem with the file, naming the line (1-based; the header is line 1) where there is one. */
export class CsvImportError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.name = 'CsvImportError';
  }
}

type Field = 'username' | 'text' | 'timestamp' | 'date' | 'time' | 'id' | 'parentId' | 'likes';

const SYNONYMS: Record<Field, readonly string[]> = {
  username: [
    'username',
    'user',
    'author',
    'authorusername',
    'profile',
    'profilename',
    'handle',
    'account',
    'ownerusername',
    'from',
  ],
  text: ['text', 'comment', 'commenttext', 'message', 'content', 'body'],
  timestamp: [
    'timestamp',
    'createdat',
    'createdtime',
    'created',
    'datetime',
    'postedat',
    'commentdate',
  ],
  date: ['date'],
  time: ['time'],
  id: ['id', 'commentid'],
  parentId: ['parentid', 'parentcommentid', 'replyto', 'inreplyto'],
  likes: ['likecount', 'likes', 'likescount'],
};

function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

interface Row {
  fields: string[];
  line: number;
}

/**
 * Splits CSV text into records (RFC 4180). Yields each record with the line it starts on. Throws
 * CsvImportError for an unclosed quote or text after a closing quote.
 */
export function* csvRecords(text: string, delimiter = ','): Generator<Row> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    for (;;) {
      if (text[i] === '"') {
        // A quoted field: runs to the next lone quote.
        i += 1;
        for (;;) {
          if (i >= n) throw new CsvImportError('a quoted field is never closed', start);
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === '\r' || ch === '\n') {
            if (ch === '\r' && text[i + 1] === '\n') {
              field += '\r';
              i += 1;
            }
            line += 1;
          }
          field += text[i];
          i += 1;
        }
        const next = text[i];
        if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
          throw new CsvImportError('text follows a closing quote in the same field', line);
        }
      } else {
        // An unquoted field: a quote inside it is kept as it is (exports do write them).
        while (i < n) {
          const ch = text[i]!;
          if (ch === delimiter || ch === '\r' || ch === '\n') break;
          field += ch;
          i += 1;
        }
      }
      fields.push(field);
      field = '';
      if (i >= n) break;
      const ch = text[i]!;
      i += 1;
      if (ch === delimiter) continue;
      if (ch === '\r' && text[i] === '\n') i += 1;
      line += 1;
      break;
    }
    yield { fields, line: start };
  }
}

function chooseDelimiter(text: string): string {
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

function parseTime(value: string, line: number): string {
  const text = value.trim();
  if (/^\d{9,13}$/.test(text)) {
    // Unix time: 9–10 digits are seconds (1973–2286), 12–13 milliseconds.
    const n = Number(text);
    const ms = text.length <= 10 ? n * 1000 : n;
    if (text.length !== 11) return new Date(ms).toISOString();
  }
  const iso = isoTimestamp(text);
  if (iso === null) {
    throw new CsvImportError(
      `"${text.slice(0, 40)}" is not a date and time the import reads (use ISO 8601, such as 2024-03-01 14:22:11)`,
      line,
    );
  }
  return iso;
}

export interface CsvImport {
  comments: InstagramComment[];
  /** The columns used, by field, as the file names them. */
  columns: Partial<Record<Field, string>>;
}

/** Reads a CSV file of comments into the shape the API client yields. */
export function parseCommentsCsv(input: string | Buffer): CsvImport {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (bytes > MAX_CSV_BYTES) {
    throw new CsvImportError(
      `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
      null,
    );
  }
  let text = typeof input === 'string' ? input : input.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);

  const records = csvRecords(text, chooseDelimiter(text));
  let header: Row | undefined;
  // Read by hand: leaving a for…of early would close the generator before the rows.
  for (let next = records.next(); !next.done; next = records.next()) {
    if (next.value.fields.some((f) => f.trim() !== '')) {
      header = next.value;
      break;
    }
  }
  if (!header) throw new CsvImportError('The file is empty.', null);

  const column: Partial<Record<Field, number>> = {};
  const columns: Partial<Record<Field, string>> = {};
  const keys = header.fields.map(headerKey);
  for (const field of Object.keys(SYNONYMS) as Field[]) {
    for (const name of SYNONYMS[field]) {
      const at = keys.indexOf(name);
      if (at >= 0) {
        column[field] = at;
        columns[field] = header.fields[at]!.trim();
        break;
      }
    }
  }
  if (column.timestamp === undefined && column.date === undefined && column.time !== undefined) {
    // A lone "time" column holds the whole date and time.
    column.timestamp = column.time;
    columns.timestamp = columns.time;
    delete column.time;
    delete columns.time;
  }
  const missing: string[] = [];
  if (column.username === undefined) missing.push('the account name (username, user, author, …)');
  if (column.text === undefined) missing.push('the comment (text, comment, message, …)');
  if (column.timestamp === undefined && column.date === undefined) {
    missing.push('the time (timestamp, date, created_at, …)');
  }
  if (missing.length > 0) {
    throw new CsvImportError(
      `The header has no column for ${missing.join(', ')}. Found: ${header.fields
        .map((f) => `"${f.trim().slice(0, 40)}"`)
        .join(', ')}.`,
      header.line,
    );
  }

  const comments: InstagramComment[] = [];
  const derivedIds = new Map<string, number>();
  const cell = (row: Row, field: Field): string | undefined => {
    const at = column[field];
    return at === undefined ? undefined : row.fields[at];
  };
  for (const row of records) {
    if (row.fields.every((f) => f.trim() === '')) continue;
    if (comments.length >= MAX_CSV_ROWS) {
      throw new CsvImportError(
        `The file has more than ${MAX_CSV_ROWS.toLocaleString('en')} comments, the most one import takes.`,
        row.line,
      );
    }
    const username = (cell(row, 'username') ?? '').trim().replace(/^@+/, '');
    if (!username) throw new CsvImportError('the account name is empty', row.line);
    if (username.length > 100) throw new CsvImportError('the account name is too long', row.line);
    const text = cell(row, 'text');
    if (text === undefined) throw new CsvImportError('the row has no comment column', row.line);
    let when = cell(row, 'timestamp');
    if (when === undefined) {
      const date = cell(row, 'date') ?? '';
      const time = cell(row, 'time');
      when =
        time !== undefined && !/[T ]\d/.test(date.trim()) ? `${date.trim()} ${time.trim()}` : date;
    }
    if (!when.trim()) throw new CsvImportError('the date and time are empty', row.line);
    const timestamp = parseTime(when, row.line);

    let id = (cell(row, 'id') ?? '').trim();
    if (!id) {
      const digest = createHash('sha256')
        .update(`${username.toLowerCase()}\n${timestamp}\n${text}`, 'utf8')
        .digest('hex')
        .slice(0, 24);
      const seen = derivedIds.get(digest) ?? 0;
      derivedIds.set(digest, seen + 1);
      id = seen === 0 ? `csv-${digest}` : `csv-${digest}-${seen + 1}`;
    }
    const parent = (cell(row, 'parentId') ?? '').trim();
    const likesText = (cell(row, 'likes') ?? '').trim();
    const likes = /^\d{1,12}$/.test(likesText) ? Number(likesText) : null;
    comments.push({
      id,
      username,
      text,
      timestamp,
      parentId: parent || null,
      likeCount: likes,
      source: 'csv',
    });
  }
  return { comments, columns };
}
