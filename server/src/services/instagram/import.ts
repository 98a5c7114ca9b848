import { type InstagramComment, isoTimestamp } from './comment';
import {
  type GraphClient,
  InstagramApiError,
  InstagramRateLimitError,
  type UsageReport,
} from './graph-client';

/**
 * Reads every comment and reply of a post through GET /{ig-media-id}/comments, page by page
 * (paging.cursors.after while paging.next is present), and the replies not given inline through
 * GET /{ig-comment-id}/replies. A page's comments (with all their replies) go to the caller's
 * callback once the page is complete, and then the cursor moves on: nothing from a page is kept
 * after it, and an import that stops (rate limit, lost token) resumes from the page it was on
 * without handing any comment over twice.
 */

/** The fields read: only those documented for IG Comment. */
const COMMENT_FIELDS = 'id,text,timestamp,username,from,like_count,parent_id';
const FIELDS = `${COMMENT_FIELDS},replies{${COMMENT_FIELDS}}`;

/** Where an import stands; returned by importComments and given back to resume it. */
export interface ImportState {
  mediaId: string;
  status: 'complete' | 'paused';
  /** The cursor of the next page to read; null for the first page. */
  after: string | null;
  /** While paused: the earliest time to resume (ISO 8601). */
  pausedUntil: string | null;
  /** A sentence for the owner: "Paused until 2026-11-30 06:10 UTC: …", "All 1,234 comments read." */
  message: string;
  pages: number;
  comments: number;
  replies: number;
  /** Comments whose replies could not be read because the comment was deleted meanwhile. */
  deletedThreads: number;
  /** Items the platform sent that are not a readable comment (left out). */
  skipped: number;
  /** The latest usage headers, when the platform sent some. */
  usage: UsageReport | null;
}

export interface ImportOptions {
  mediaId: string;
  /** Receives each completed page's comments and replies, in the platform's order. */
  onComments: (batch: InstagramComment[]) => void | Promise<void>;
  /** A state returned earlier, to carry on from where it stopped. */
  resume?: ImportState;
  /** Comments per page (the platform's default, 50, when not given). */
  pageSize?: number;
  /** Told after every page. */
  onProgress?: (state: ImportState) => void;
}

/** An id the platform may send: digits mostly; bounded and without path characters. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

interface RawList {
  data: unknown[];
  after: string | null;
  hasNext: boolean;
}

function asList(value: unknown): RawList | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { data?: unknown; paging?: unknown };
  if (!Array.isArray(v.data)) return null;
  const paging = (v.paging && typeof v.paging === 'object' ? v.paging : {}) as {
    cursors?: { after?: unknown };
    next?: unknown;
  };
  const after = typeof paging.cursors?.after === 'string' ? paging.cursors.after : null;
  const hasNext = typeof paging.next === 'string' && after !== null && after.length <= 2048;
  return { data: v.data, after, hasNext };
}

/** A comment object from the platform as an InstagramComment, or null when it is not one. */
export function readComment(value: unknown, parentId: string | null): InstagramComment | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const from = (v.from && typeof v.from === 'object' ? v.from : {}) as Record<string, unknown>;
  const id = v.id;
  const username =
    typeof v.username === 'string'
      ? v.username
      : typeof from.username === 'string'
        ? from.username
        : null;
  const timestamp = typeof v.timestamp === 'string' ? isoTimestamp(v.timestamp) : null;
  if (typeof id !== 'string' || !ID.test(id) || !username || username.length > 100 || !timestamp) {
    return null;
  }
  const text = typeof v.text === 'string' ? v.text.slice(0, 10_000) : '';
  const parent = typeof v.parent_id === 'string' && ID.test(v.parent_id) ? v.parent_id : parentId;
  const likes = v.like_count;
  return {
    id,
    username: username.replace(/^@+/, ''),
    text,
    timestamp,
    parentId: parent,
    likeCount:
      typeof likes === 'number' && Number.isSafeInteger(likes) && likes >= 0 ? likes : null,
    source: 'api',
  };
}

function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Reads the post's comments; returns the state (complete, or paused with when to resume). */
export async function importComments(
  client: GraphClient,
  options: ImportOptions,
): Promise<ImportState> {
  if (!ID.test(options.mediaId)) throw new RangeError('The post id is not an Instagram media id.');
  const state: ImportState = options.resume
    ? { ...options.resume, status: 'paused', pausedUntil: null }
    : {
        mediaId: options.mediaId,
        status: 'paused',
        after: null,
        pausedUntil: null,
        message: '',
        pages: 0,
        comments: 0,
        replies: 0,
        deletedThreads: 0,
        skipped: 0,
        usage: null,
      };
  if (state.mediaId !== options.mediaId) {
    throw new RangeError('The state to resume belongs to another post.');
  }
  // A finished import has nothing left: reading its last page again would hand it over twice.
  if (options.resume?.status === 'complete') return { ...options.resume };
  const limit: Record<string, string> = options.pageSize
    ? { limit: String(Math.min(100, Math.max(1, Math.floor(options.pageSize)))) }
    : {};
  // Ids of the previous page and this one: a page boundary that moved (comments added or deleted
  // between two reads) repeats comments of the page before, never older ones. Two pages of ids
  // keep the memory flat however long the post; the rules also count an id once.
  let previousIds = new Set<string>();
  let seen = new Set<string>();

  const readPage = async (path: string, params: Record<string, string>) => {
    const answer = await client.get(path, params);
    if (answer.usage) state.usage = answer.usage;
    const list = asList(answer.body);
    if (!list)
      throw new InstagramApiError(
        'The platform sent a page without a data list.',
        200,
        null,
        null,
        false,
      );
    return list;
  };

  try {
    for (;;) {
      const page = await readPage(`/${options.mediaId}/comments`, {
        fields: FIELDS,
        ...limit,
        ...(state.after === null ? {} : { after: state.after }),
      });
      const batch: InstagramComment[] = [];
      let skipped = 0;
      let deleted = 0;
      let replies = 0;
      const take = (comment: InstagramComment | null) => {
        if (!comment) {
          skipped += 1;
          return false;
        }
        // A comment already handed over (a page boundary that moved) is not handed over again.
        if (seen.has(comment.id) || previousIds.has(comment.id)) return false;
        seen.add(comment.id);
        batch.push(comment);
        return true;
      };
      for (const item of page.data) {
        const comment = readComment(item, null);
        if (!take(comment) || !comment) continue;
        const inline = asList((item as { replies?: unknown }).replies);
        for (const reply of inline?.data ?? [])
          if (take(readComment(reply, comment.id))) replies += 1;
        let after = inline?.hasNext ? inline.after : null;
        while (after !== null) {
          let more: RawList;
          try {
            more = await readPage(`/${comment.id}/replies`, {
              fields: COMMENT_FIELDS,
              ...limit,
              after,
            });
          } catch (error) {
            // Deleted since the page was read: its replies edge no longer exists (code 100).
            if (error instanceof InstagramApiError && error.code === 100) {
              deleted += 1;
              break;
            }
            throw error;
          }
          for (const reply of more.data) if (take(readComment(reply, comment.id))) replies += 1;
          after = more.hasNext && more.after !== after ? more.after : null;
        }
      }
      await options.onComments(batch);
      previousIds = seen;
      seen = new Set<string>();
      state.pages += 1;
      state.comments += batch.length - replies;
      state.replies += replies;
      state.skipped += skipped;
      state.deletedThreads += deleted;
      const next = page.hasNext && page.after !== state.after ? page.after : null;
      if (next === null) {
        state.status = 'complete';
        state.message = `All ${(state.comments + state.replies).toLocaleString('en')} comments and replies read.`;
        options.onProgress?.({ ...state });
        return state;
      }
      state.after = next;
      state.message = `${(state.comments + state.replies).toLocaleString('en')} comments and replies read so far.`;
      options.onProgress?.({ ...state });
    }
  } catch (error) {
    if (error instanceof InstagramRateLimitError) {
      state.status = 'paused';
      state.pausedUntil = new Date(error.resumeAt).toISOString();
      if (error.usage) state.usage = error.usage;
      state.message = `Paused until ${utc(error.resumeAt)}: the platform is rate limiting (code ${error.code}). ${(
        state.comments + state.replies
      ).toLocaleString('en')} comments and replies read; the import resumes from where it stopped.`;
      options.onProgress?.({ ...state });
      return state;
    }
    throw error;
  }
}

/** The whole post in memory (fine for the rules, which need every comment), and the state. */
export async function collectComments(
  client: GraphClient,
  options: Omit<ImportOptions, 'onComments'>,
): Promise<{ comments: InstagramComment[]; state: ImportState }> {
  const comments: InstagramComment[] = [];
  const state = await importComments(client, {
    ...options,
    onComments: (batch) => {
      for (const c of batch) comments.push(c);
    },
  });
  return { comments, state };
}
