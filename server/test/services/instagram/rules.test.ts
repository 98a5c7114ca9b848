import { createHash } from 'node:crypto';
import type { InstagramComment } from '../../../src/services/instagram/comment';
import { isoTimestamp } from '../../../src/services/instagram/comment';
import {
  applyCommentRules,
  type CommentRules,
  mentionsIn,
} from '../../../src/services/instagram/rules';

let seq = 0;
function comment(username: string, text: string, minute: number, id?: string): InstagramComment {
  seq += 1;
  return {
    id: id ?? `c${String(seq).padStart(4, '0')}`,
    username,
    text,
    timestamp: new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString(),
    parentId: null,
    likeCount: null,
    source: 'api',
  };
}

const open: CommentRules = {
  entriesPer: 'comment',
  minMentions: 0,
  closesAt: null,
  organiser: 'agentworks',
  excluded: [],
  requiredWord: null,
};

function reasons(comments: InstagramComment[], rules: Partial<CommentRules>): string[] {
  return applyCommentRules(comments, { ...open, ...rules }).verdicts.map((v) => v.reason);
}

describe('applyCommentRules', () => {
  test('with no rule set, every comment counts, in timestamp order then id', () => {
    const later = comment('bob', 'hi', 5, 'b');
    const tieB = comment('carol', 'hi', 1, 'z2');
    const tieA = comment('dave', 'hi', 1, 'z1');
    const out = applyCommentRules([later, tieB, tieA], open);
    expect(out.verdicts.map((v) => v.id)).toEqual(['z1', 'z2', 'b']);
    expect(out.verdicts.every((v) => v.counts && v.reason === 'Counted')).toBe(true);
    expect(out.entries.map((e) => e.commentId)).toEqual(['z1', 'z2', 'b']);
  });

  test('an entry carries the SHA-256 of the comment id and the account name, weight 1', () => {
    const c = comment('Alice', 'hi', 1, '17873440459141021');
    const [entry] = applyCommentRules([c], open).entries;
    expect(entry).toEqual({
      commentId: '17873440459141021',
      username: 'Alice',
      hash: createHash('sha256').update('17873440459141021\nalice').digest('hex'),
      weight: 1,
    });
  });

  test('comments after the closing time are ignored; one at the closing instant counts', () => {
    const atClose = comment('a', 'x', 10);
    const after = comment('b', 'x', 11);
    expect(reasons([atClose, after], { closesAt: atClose.timestamp })).toEqual([
      'Counted',
      'Posted after entries closed',
    ]);
  });

  test("the organiser's own comments never count, whatever the case or a leading @", () => {
    expect(
      reasons([comment('AgentWorks', 'x', 1), comment('fan', 'x', 2)], {
        organiser: '@agentworks',
      }),
    ).toEqual(["The organiser's own comment", 'Counted']);
  });

  test('accounts the owner excludes are left out (case-insensitive, @ stripped)', () => {
    expect(
      reasons([comment('Staffer', 'x', 1), comment('fan', 'x', 2)], { excluded: ['@STAFFER'] }),
    ).toEqual(['Excluded by the organiser', 'Counted']);
  });

  test('the minimum of distinct mentions excludes the commenter and the organiser', () => {
    const rules = { minMentions: 2 };
    expect(
      reasons(
        [
          comment('ann', '@bea @bea', 1),
          comment('ann', '@ann @bea @agentworks', 2),
          comment('ann', '@bea and @Cid!', 3),
          comment('ann', 'no tags', 4),
          comment('ann', 'mail me at ann@bea.com @cid', 5),
        ],
        rules,
      ),
    ).toEqual([
      'Tags 1 account; the rules ask for 2',
      'Tags 1 account; the rules ask for 2',
      'Counted',
      'Tags 0 accounts; the rules ask for 2',
      'Tags 1 account; the rules ask for 2',
    ]);
  });

  test('mentions: distinct, lower-cased, trailing dots dropped, not inside e-mail addresses', () => {
    expect([...mentionsIn('Hey @Bea. and @bea, @cid_2 x@y.z @d.e')]).toEqual([
      'bea',
      'cid_2',
      'd.e',
    ]);
  });

  test('one entry per account: the first qualifying comment counts, later ones say why', () => {
    const rules: Partial<CommentRules> = { entriesPer: 'account', minMentions: 1 };
    const out = applyCommentRules(
      [
        comment('Ann', 'no tag', 1),
        comment('ann', '@bea', 2),
        comment('ANN', '@cid', 3),
        comment('bob', '@bea', 4),
      ],
      { ...open, ...rules },
    );
    expect(out.verdicts.map((v) => v.reason)).toEqual([
      'Tags 0 accounts; the rules ask for 1',
      'Counted',
      'A second comment by @ANN: one entry per account',
      'Counted',
    ]);
    expect(out.entries).toHaveLength(2);
    // Per comment, the same three comments with tags all count.
    expect(
      reasons(
        out.verdicts.map(() => comment('ann', '@bea', 1)),
        { entriesPer: 'comment' },
      ),
    ).toEqual(['Counted', 'Counted', 'Counted', 'Counted']);
  });

  test('the required word is case-insensitive and whole word; a hashtag must be the hashtag', () => {
    const texts = ['I #WIN this', '#winter is here', 'win', 'I win!', 'twin', '#win'];
    const list = texts.map((t, i) => comment(`u${i}`, t, i));
    expect(reasons(list, { requiredWord: '#win' })).toEqual([
      'Counted',
      'Does not contain #win',
      'Does not contain #win',
      'Does not contain #win',
      'Does not contain #win',
      'Counted',
    ]);
    expect(reasons(list, { requiredWord: 'WIN' })).toEqual([
      'Counted',
      'Does not contain WIN',
      'Counted',
      'Counted',
      'Does not contain WIN',
      'Counted',
    ]);
  });

  test('the same comment id listed twice counts once', () => {
    const c = comment('ann', 'x', 1, 'same');
    expect(reasons([c, { ...c }], {})).toEqual([
      'Counted',
      'Listed twice: the same comment counts once',
    ]);
  });

  test('a bad closing time is refused rather than ignored', () => {
    expect(() => applyCommentRules([], { ...open, closesAt: 'soon' })).toThrow(RangeError);
  });

  test('the input list is not reordered', () => {
    const list = [comment('a', 'x', 5), comment('b', 'x', 1)];
    const ids = list.map((c) => c.id);
    applyCommentRules(list, open);
    expect(list.map((c) => c.id)).toEqual(ids);
  });
});

describe('isoTimestamp', () => {
  test.each([
    ['2017-08-31T18:10:30+0000', '2017-08-31T18:10:30.000Z'],
    ['2017-08-31T20:10:30+02:00', '2017-08-31T18:10:30.000Z'],
    ['2017-08-31 18:10', '2017-08-31T18:10:00.000Z'],
    ['2017-08-31T18:10:30.5Z', '2017-08-31T18:10:30.500Z'],
  ])('%p reads as %p', (input, expected) => {
    expect(isoTimestamp(input)).toBe(expected);
  });

  test.each(['yesterday', '2024-02-31 10:00', '31/08/2017 10:00', ''])('%p is refused', (input) => {
    expect(isoTimestamp(input)).toBeNull();
  });
});
