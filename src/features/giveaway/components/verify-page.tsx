import { Link } from 'gatsby-link';
import type { GiveawayVerification } from '@site/contracts';
import React, { useEffect } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { apiBaseUrl } from '@/lib/api-client';
import { useVerification } from '../api/get-verification';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { DrawChecker } from './draw-checker';
import { DrawHistory } from './draw-history';
import { MessagePage } from './message-panel';
import { Facts, Mono, Subpage } from './subpage';

const FROZEN_REASONS: Record<string, string> = {
  ended: 'the end date passed',
  full: 'the giveaway was full',
  stopped: 'entries were stopped',
  drawn: 'the draw was made',
};

const Method = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.6;
  white-space: pre;
`;

const Bullets = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};

  li + li {
    margin-top: ${({ theme }) => theme.space[2]};
  }
`;

/** The method as the docs state it, so a visitor can recompute it anywhere. */
const METHOD = `commitment  = SHA-256(seed)                  published at creation
list        = receipt hashes, one per line, each ending in "\\n"
fingerprint = SHA-256(list)                  published when entries close
seed        = round 1: the seed above; a re-draw: its own seed,
              whose SHA-256 was published with the draw before it
for counter = 0, 1, 2, ...
  h = SHA-256(seed ":" external ":" fingerprint ":" round ":" counter)
  x = first 8 hex digits of h, as a number (0 ... 2^32 - 1)
  n = number of eligible entries (earlier winners of re-draws removed)
  if x < 2^32 - (2^32 mod n): winner = eligible[x mod n], stop
(all text UTF-8, all hashes lower-case hex, positions counted from 0)`;

/** The weighted method of several winners ("aw-draw-v2"), as the docs state it. */
const WEIGHTED_METHOD = `commitment  = SHA-256(seed)                  published at creation
list        = one line per entry: receipt hash " " weight "\\n"
              (weight = 1 + the entry's bonus entries when entries closed)
fingerprint = SHA-256(list)                  published when entries close
place p of the first draw (p = 1 ... number of winners):
  round = p, key = the seed above, eligible = entries not picked for places 1 ... p-1
a re-draw of one place: round = the next draw number, key = its own seed (its SHA-256
  published with the draw before it), eligible = entries never drawn before
pick(key, round, eligible):
  W = sum of the eligible entries' weights
  for counter = 0, 1, 2, ...
    h = HMAC-SHA-256(key, external ":" fingerprint ":" round ":" counter)
    x = first 12 hex digits of h, as a number (0 ... 2^48 - 1)
    if x < 2^48 - (2^48 mod W): t = x mod W, stop
  add up the eligible entries' weights in list order;
  the winner is the first entry whose running total is above t
(all text UTF-8, all hashes lower-case hex, positions counted from 0)`;

/** /giveaway/{id}/verify: everything needed to check the draw, checked here with Web Crypto. */
export function VerifyPage({ id }: { id: string }) {
  const { data, loading, error } = useVerification(id);
  const v = data?.verification ?? null;

  useEffect(() => {
    setPageTitle(v ? `Verify the Draw - ${v.title}` : 'Verify the Draw');
  }, [v]);

  if (loading && !v) return <Spinner label="Loading the draw record..." />;
  if (error || !v) {
    return (
      <MessagePage
        title="Giveaway Not Found"
        text={serverSentence(
          error,
          "The giveaway you're looking for doesn't exist or has been removed.",
        )}
        action={<ButtonLink to="/giveaway">Back to Giveaways</ButtonLink>}
      />
    );
  }
  return <VerifyView id={id} v={v} checker={<DrawChecker v={v} auto />} />;
}

/**
 * The verification page of a giveaway's record `v`: the record, the draws, the method and what
 * it proves. `checker` stands where the verdict goes once drawn: the check run at once in the
 * app, or, on the page drawn as a document, the island that runs it when the visitor asks.
 */
export function VerifyView({
  id,
  v,
  checker,
}: {
  id: string;
  v: GiveawayVerification;
  checker: React.ReactNode;
}) {
  if (v.algorithm === 'legacy') {
    return (
      <Subpage giveawayId={id} title="Verify the Draw" lead={v.title}>
        <Alert variant="info" title="Drawn before verifiable draws">
          This giveaway was drawn before the commit-and-reveal method existed. Its record fixes the
          set of entrants (a SHA-256 fingerprint of their ids) and the winner&apos;s place in it,
          but the random choice itself cannot be recomputed.
        </Alert>
        <DrawHistory draws={v.draws} />
      </Subpage>
    );
  }

  const drawn = v.draws.length > 0;
  const weighted = v.algorithm === 'aw-draw-v2';
  const several = weighted && (v.winner_count > 1 || v.draws.some((d) => d.place > 1));
  return (
    <Subpage giveawayId={id} title="Verify the Draw" lead={v.title}>
      {drawn ? (
        checker
      ) : (
        <Alert variant="info" title="Not drawn yet">
          {v.frozen
            ? 'Entries are closed and the list is frozen. The seed is revealed when the winner is drawn; then this page checks the draw.'
            : 'Entries are open. The list of entries is frozen and published when they close, and the seed is revealed at the draw.'}
        </Alert>
      )}

      <DetailCard aria-labelledby="record-title">
        <DetailCardTitle id="record-title">The record</DetailCardTitle>
        <Facts>
          <dt>Seed commitment</dt>
          <dd>
            <Mono>{v.commitment}</Mono>
          </dd>
          <dt>Committed</dt>
          <dd>
            {formatDateTime(v.committed_at)}
            {v.committed_before_entries
              ? ', before any entry'
              : ', after the first entries (an older giveaway)'}
          </dd>
          <dt>Seed</dt>
          <dd>{v.seed ? <Mono>{v.seed}</Mono> : 'Secret until the draw'}</dd>
          {v.redraw_seeds.map((r) => (
            <React.Fragment key={r.round}>
              <dt>Seed commitment of draw {r.round} (a re-draw)</dt>
              <dd>
                <Mono>{r.commitment}</Mono>, published {formatDateTime(r.committed_at)}
              </dd>
              <dt>Seed of draw {r.round}</dt>
              <dd>
                {r.seed ? (
                  <Mono>{r.seed}</Mono>
                ) : (
                  `Secret until draw ${r.round}, if the prize is drawn again`
                )}
              </dd>
            </React.Fragment>
          ))}
          <dt>External random value</dt>
          <dd>
            {v.external_randomness
              ? `${v.external_randomness}: ${v.external_value || 'given at the draw'}`
              : 'None (the rules name none)'}
          </dd>
          {weighted ? (
            <>
              <dt>Number of winners</dt>
              <dd>{v.winner_count}</dd>
            </>
          ) : null}
          <dt>Entry list</dt>
          <dd>
            {v.frozen
              ? `Frozen ${formatDateTime(v.frozen.frozen_at)}, when ${FROZEN_REASONS[v.frozen.reason] ?? v.frozen.reason}: ${v.frozen.entrant_count} ${v.frozen.entrant_count === 1 ? 'entry' : 'entries'}`
              : 'Still open'}
          </dd>
          {v.frozen ? (
            <>
              <dt>List fingerprint</dt>
              <dd>
                <Mono>{v.frozen.fingerprint}</Mono>
              </dd>
            </>
          ) : null}
        </Facts>
        {v.frozen_list_path ? (
          <DetailNote>
            <a href={`${apiBaseUrl()}${v.frozen_list_path.replace(/^\/api\/v1/, '')}`} download>
              Download the frozen list
            </a>{' '}
            {weighted
              ? '(one line per entry: its receipt hash, a space and its number of entries in the draw; '
              : '(one receipt hash per line; '}
            <code>sha256sum</code> of the file is the fingerprint).
          </DetailNote>
        ) : null}
      </DetailCard>

      {drawn ? <DrawHistory draws={v.draws} /> : null}

      <DetailCard aria-labelledby="method-title">
        <DetailCardTitle id="method-title">The method</DetailCardTitle>
        {weighted ? (
          <DetailNote>
            Anyone can redo this in a few lines of any language, with the values above and the list
            file. Each entry holds as many tickets as its weight; each place draws one ticket from
            the entries still in the draw, so nobody wins twice. Rejecting the top values of x keeps
            every ticket exactly equally likely (no modulo bias), and all the arithmetic is on whole
            numbers.
          </DetailNote>
        ) : (
          <DetailNote>
            Anyone can redo this in a few lines of any language, with the values above and the list
            file. The <code>round</code> is 1 for the first draw; a re-draw after an unclaimed prize
            adds 1, removes earlier winners from the eligible positions and uses its own seed, whose
            SHA-256 was published with the draw before it. Rejecting the top values of x keeps every
            entry exactly equally likely (no modulo bias).
          </DetailNote>
        )}
        <Method tabIndex={0} aria-label="The draw method">
          {weighted ? WEIGHTED_METHOD : METHOD}
        </Method>
      </DetailCard>

      <DetailCard aria-labelledby="proves-title">
        <DetailCardTitle id="proves-title">What this proves</DetailCardTitle>
        <Bullets>
          <li>
            The seed was fixed when the giveaway was created: its SHA-256 was published then, and
            nobody can find a different seed with the same hash.
          </li>
          <li>
            The list drawn from is exactly the list frozen when entries closed: nobody was added,
            removed or reordered afterwards.
          </li>
          <li>
            {weighted
              ? `${several ? 'Each winner is' : 'The winner is'} the entry the published method picks from that seed and that list, each entry's chance in proportion to its number of entries in the draw${several ? ', and nobody won twice' : ''}; the result was not chosen by hand.`
              : 'The winner is the entry the published method picks from that seed and that list, with every entry equally likely; the result was not chosen by hand.'}
          </li>
          <li>
            Each re-draw&apos;s seed was fixed when the draw before it was made, and kept secret
            until the re-draw: nobody could compute a re-draw&apos;s winner from the earlier
            results.
          </li>
          <li>
            Your own entry is in the list: find your receipt&apos;s hash in the frozen list, or use{' '}
            <Link to={`/giveaway/${id}/check`}>Was I in the draw?</Link>
          </li>
        </Bullets>
      </DetailCard>
      <DetailCard aria-labelledby="not-proves-title">
        <DetailCardTitle id="not-proves-title">What this does not prove</DetailCardTitle>
        <Bullets>
          <li>
            That every entry belongs to a real, different person: the organiser could have added
            entries of their own before the close. Only your own receipt tells you which line is
            yours.
          </li>
          <li>
            {v.external_randomness
              ? 'That the external value is the one its source published: look it up there yourself. If it is, the organiser could not know the result when entries closed.'
              : 'That the organiser could not foresee the result: they knew the seed all along, so without an external random value they could have computed who would win before closing entries.'}
          </li>
          <li>
            That whoever runs the server did not read a re-draw&apos;s seed before the re-draw: the
            server keeps it, as it keeps the first seed before the first draw.
          </li>
          <li>
            That the handle shown belongs to the entry that won: only the winner can match their
            receipt to the winning hash.
          </li>
          {weighted ? (
            <li>
              That the bonus entries were earned as the rules say: the list shows how many each
              entry held, not who referred whom.
            </li>
          ) : null}
          <li>That the prize was delivered.</li>
        </Bullets>
      </DetailCard>
    </Subpage>
  );
}
