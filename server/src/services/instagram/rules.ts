import { createHash } from 'node:crypto';
import { compareComments, type InstagramComment, normaliseUsername } from './comment';

/**
 * The owner's rules for a giveaway whose entries are the comments of an Instagram post. A pure
 * function of the comments and these rules decides which comments count; nothing here reads the
 * clock, the network or the database.
 */
export interface CommentRules {
  /** "account": one entry per account (its first qualifying comment); "comment": every one. */
  entriesPer: 'account' | 'comment';
  /** Distinct @mentions a comment must hold, not counting the commenter or the organiser. */
  minMentions: number;
  /** Comments posted after this instant (ISO 8601) are ignored; null: no closing time. */
  closesAt: string | null;
  /** The organiser's own account: its comments never count and tagging it does not count. */
  organiser: string;
  /** Accounts the owner leaves out (staff, partners, known bots). */
  excluded: readonly string[];
  /** A word or #hashtag every comment must hold (case-insensitive, whole word); null: none. */
  requiredWord: string | null;
}

export interface CommentVerdict {
  id: string;
  username: string;
  timestamp: string;
  counts: boolean;
  /** A short reason a person can read: "Counted", "Posted after entries closed", … */
  reason: string;
}

export interface CommentEntry {
  commentId: string;
  username: string;
  /** SHA-256 (hex) of "<comment id>\n<account name, lower case>": the entry's public fingerprint. */
  hash: string;
  weight: number;
}

export interface RulesOutcome {
  /** Every comment, in order (timestamp, then id), with whether it counts and why. */
  verdicts: CommentVerdict[];
  /** One line per counted entry, in the same order. */
  entries: CommentEntry[];
}

/**
 * An Instagram account name in a mention: letters, digits, "." and "_", at most 30 characters. The
 * "@" must not follow a name character (so "mail@example.com" is not a mention of example.com).
 */
const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9._]{1,30})/gu;

/** The distinct accounts a text mentions, lower-cased, trailing dots (end of sentence) removed. */
export function mentionsIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? '').replace(/\.+$/, '').toLowerCase();
    if (name) found.add(name);
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A test for the required word: case-insensitive and whole word, so "#win" does not match
 * "#winter". A hashtag must appear as the hashtag; a plain word also matches as a hashtag
 * ("giveaway" is found in "#giveaway"), since "#" is not a word character.
 */
export function requiredWordTest(word: string): (text: string) => boolean {
  const trimmed = word.trim();
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_${trimmed.startsWith('#') ? '#' : ''}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}_])`,
    'iu',
  );
  return (text) => pattern.test(text);
}

/** The entry fingerprint: SHA-256 hex of the comment id and the account name. */
export function entryHash(commentId: string, username: string): string {
  return createHash('sha256')
    .update(`${commentId}\n${normaliseUsername(username)}`, 'utf8')
    .digest('hex');
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Applies the rules to the comments; the input is left as it is. */
export function applyCommentRules(
  comments: readonly InstagramComment[],
  rules: CommentRules,
): RulesOutcome {
  const organiser = normaliseUsername(rules.organiser);
  const excluded = new Set(rules.excluded.map(normaliseUsername).filter(Boolean));
  const closesAt = rules.closesAt === null ? null : Date.parse(rules.closesAt);
  if (closesAt !== null && Number.isNaN(closesAt)) {
    throw new RangeError('The closing time is not a valid date.');
  }
  const minMentions = Math.max(0, Math.floor(rules.minMentions));
  const hasWord = rules.requiredWord?.trim() ? requiredWordTest(rules.requiredWord) : null;
  const word = rules.requiredWord?.trim() ?? '';

  const ordered = [...comments].sort(compareComments);
  const seenIds = new Set<string>();
  const entered = new Set<string>();
  const verdicts: CommentVerdict[] = [];
  const entries: CommentEntry[] = [];

  for (const comment of ordered) {
    const account = normaliseUsername(comment.username);
    const verdict = (counts: boolean, reason: string) =>
      verdicts.push({
        id: comment.id,
        username: comment.username,
        timestamp: comment.timestamp,
        counts,
        reason,
      });
    if (seenIds.has(comment.id)) {
      verdict(false, 'Listed twice: the same comment counts once');
      continue;
    }
    seenIds.add(comment.id);
    if (closesAt !== null && Date.parse(comment.timestamp) > closesAt) {
      verdict(false, 'Posted after entries closed');
      continue;
    }
    if (account === organiser) {
      verdict(false, "The organiser's own comment");
      continue;
    }
    if (excluded.has(account)) {
      verdict(false, 'Excluded by the organiser');
      continue;
    }
    if (hasWord && !hasWord(comment.text)) {
      verdict(false, `Does not contain ${word}`);
      continue;
    }
    if (minMentions > 0) {
      const tagged = mentionsIn(comment.text);
      tagged.delete(account);
      tagged.delete(organiser);
      if (tagged.size < minMentions) {
        verdict(
          false,
          `Tags ${plural(tagged.size, 'account', 'accounts')}; the rules ask for ${minMentions}`,
        );
        continue;
      }
    }
    if (rules.entriesPer === 'account' && entered.has(account)) {
      verdict(
        false,
        `A second comment by @${comment.username.replace(/^@+/, '')}: one entry per account`,
      );
      continue;
    }
    entered.add(account);
    verdict(true, 'Counted');
    entries.push({
      commentId: comment.id,
      username: comment.username,
      hash: entryHash(comment.id, comment.username),
      weight: 1,
    });
  }
  return { verdicts, entries };
}
