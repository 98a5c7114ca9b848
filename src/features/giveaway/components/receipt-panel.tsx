import { Link } from 'gatsby-link';
import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { Moment } from '@/components/ui/moment';
import { inAppBrowserHere } from '@/lib/in-app-browser';
import { Input } from '@/components/ui/field';
import { checkReceipt, mailConfirmation, mailReceipt } from '../api/entrant';
import { useMailStatus } from '../use-mail-status';
import { failureToast } from '../error-message';
import { keepEntry, type KeptEntry, referralLink } from '../kept-entry';
import { shareOrCopy } from '../share';
import { DetailCard, DetailNote } from './detail-card';

const Code = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  letter-spacing: 0.06em;
  white-space: nowrap;

  ${({ theme }) => theme.media.sm} {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const Card = styled(DetailCard)`
  border-color: ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successBg};

  &:focus {
    outline: 3px solid ${({ theme }) => theme.colors.success};
    outline-offset: 2px;
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Small = styled.button`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: underline;
  cursor: pointer;
`;

/** "Send the link again", inside the warning box: its text colour, so it reads on that ground. */
const Resend = styled(Small)`
  color: inherit;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  input {
    flex: 1 1 16rem;
    min-width: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Pending = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningBg};
`;

/**
 * The count of entries held, which arrives after the panel: its place is kept from the start (two
 * lines on a phone, one from 640 px up, as long as the longest wording takes), so nothing moves.
 */
const Held = styled(DetailNote)`
  min-height: calc(2 * 1.6 * ${({ theme }) => theme.fontSizes.sm});

  ${({ theme }) => theme.media.sm} {
    min-height: calc(1.6 * ${({ theme }) => theme.fontSizes.sm});
  }
`;

/** What the server says this entry holds now, or null until it has answered (or if it cannot). */
interface Holding {
  confirmed: boolean;
  entries: number;
  bonus: number;
  /** The entry holds a place won in the draw now (a place drawn again and won by it included). */
  won: boolean;
}

const entriesWord = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

export interface ReceiptPanelProps {
  giveawayId: string;
  title: string;
  entry: KeptEntry;
  /** True right after entering (focus moves here); false on a return visit. */
  fresh: boolean;
  /** "This is not my entry": forget it on this device and show the form again. */
  onForget?: () => void;
  /** The giveaway's referral bonus cap; 0 when referrals are off (no personal link then). */
  referralCap?: number;
  /** The site's address for the personal link, when the panel is drawn before the page mounts. */
  siteOrigin?: string;
}

/**
 * "You're in": the confirmation that replaces the entry form once this browser has entered, now
 * or on an earlier visit. The receipt code with Copy, "E-mail me my receipt", share, and where to
 * check later.
 */
export function ReceiptPanel({
  giveawayId,
  title,
  entry,
  fresh,
  onForget,
  referralCap = 0,
  siteOrigin,
}: ReceiptPanelProps) {
  const { toast } = useToast();
  const ref = useRef<HTMLElement>(null);
  const [resending, setResending] = useState(false);
  const [mailing, setMailing] = useState(false);
  // Without a mail server nothing can be mailed: those offers are left out (the server refuses them).
  const noMail = useMailStatus() === false;
  // Null while asking; 'unknown' when the server could not say (the count is then left out).
  const [holding, setHolding] = useState<Holding | 'unknown' | null>(null);
  // Instagram's and Facebook's in-app browsers forget storage when closed: the receipt is better
  // kept by mail there. Known after mounting; the note goes last, where it moves nothing.
  const [inApp, setInApp] = useState(false);
  useEffect(() => setInApp(inAppBrowserHere()), []);
  // The panel is drawn only once the page has mounted (the kept entry is read then), so the
  // address is known at its first render and the link's section never appears late.
  // Drawn by the server (after the entry form was sent as a page) it is given the site's address.
  const origin = siteOrigin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const linkId = `referral-link-${giveawayId}`;
  const personalLink =
    referralCap > 0 && entry.referral_code && origin
      ? referralLink(origin, giveawayId, entry.referral_code)
      : null;

  // How many entries this one holds now (bonus entries arrive as friends enter), from the server.
  useEffect(() => {
    let live = true;
    checkReceipt(giveawayId, { receipt: entry.receipt })
      .then((answer) => {
        if (!live) return;
        // Confirmed since it was kept: the next visit need not ask to confirm first.
        if (answer.found && answer.confirmed && entry.confirm_by) {
          keepEntry(giveawayId, { ...entry, confirm_by: null });
        }
        setHolding(
          answer.found
            ? {
                confirmed: answer.confirmed,
                entries: answer.entries,
                bonus: answer.bonus_entries,
                won: answer.won,
              }
            : 'unknown',
        );
      })
      .catch(() => {
        // The count is extra: without an answer the panel shows what this browser kept.
        if (live) setHolding('unknown');
      });
    return () => {
      live = false;
    };
  }, [giveawayId, entry]);

  const known = holding !== null && holding !== 'unknown' ? holding : null;
  const pending = known ? !known.confirmed : Boolean(entry.confirm_by);
  // The panel is drawn after mounting only (the kept entry is read then), so reading the clock
  // here cannot make the first render differ from the server's.
  const expired =
    pending && entry.confirm_by !== undefined && entry.confirm_by !== null
      ? Date.parse(entry.confirm_by) < Date.now()
      : false;

  useEffect(() => {
    if (fresh) ref.current?.focus();
  }, [fresh, entry.receipt]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(entry.receipt);
      toast({ title: 'Copied!', description: 'Receipt code copied to clipboard' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy; please write the code down.',
        variant: 'destructive',
      });
    }
  };

  /** One of the panel's "mail me" requests: busy while it runs, its outcome in a toast. */
  const askByMail = async (
    request: () => Promise<string | undefined>,
    setBusy: (busy: boolean) => void,
    words: { title: string; sent: string; failed: string },
  ) => {
    setBusy(true);
    try {
      toast({ title: words.title, description: (await request()) ?? words.sent });
    } catch (error) {
      toast(failureToast(error, words.failed));
    } finally {
      setBusy(false);
    }
  };
  const byReceipt = { receipt: entry.receipt };

  const mail = () =>
    askByMail(async () => (await mailReceipt(giveawayId, byReceipt)).message, setMailing, {
      title: 'Receipt',
      sent: 'Your receipt is on its way.',
      failed: 'Could not send the receipt; please copy it instead.',
    });

  const resend = () =>
    askByMail(async () => (await mailConfirmation(giveawayId, byReceipt)).message, setResending, {
      title: 'Check your e-mail',
      sent: 'A new confirmation link is on its way.',
      failed: 'Could not send the link again; please try later.',
    });

  const share = async () => {
    const url = personalLink ?? `${window.location.origin}/giveaway/${giveawayId}`;
    const outcome = await shareOrCopy(
      { title, text: `I entered ${title}. You can too!`, url },
      url,
    );
    if (outcome === 'copied')
      toast({
        title: 'Link copied!',
        description: personalLink
          ? 'Your personal link copied to clipboard'
          : 'Giveaway link copied to clipboard',
      });
    if (outcome === 'failed')
      toast({
        title: 'Error',
        description: `Copy this link to share: ${url}`,
        variant: 'destructive',
      });
  };

  const copyLink = async () => {
    if (!personalLink) return;
    try {
      await navigator.clipboard.writeText(personalLink);
      toast({ title: 'Link copied!', description: 'Your personal link copied to clipboard' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy; select the link and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card ref={ref} tabIndex={-1} aria-labelledby="receipt-title">
      <Heading id="receipt-title">You&apos;re in!</Heading>
      {/* The moment ends its line: it keeps room for its longest form, so nothing follows it. */}
      <DetailNote>
        Entered as <strong>@{entry.instagram_handle}</strong> on <Moment iso={entry.entered_at} />
      </DetailNote>
      <DetailNote>Your receipt code:</DetailNote>
      <Row>
        <Code data-testid="receipt-code">{entry.receipt}</Code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy Code
        </Button>
      </Row>
      <DetailNote>
        Keep this code: it is the only link between you and your line in the public entry list. You
        accepted version {entry.rules_version} of the rules.
      </DetailNote>
      {expired ? (
        <Pending data-testid="confirm-pending">
          <strong>Your entry has expired:</strong> it was not confirmed in time, so it does not
          count. To enter again, forget it on this device below.
        </Pending>
      ) : pending ? (
        <Pending data-testid="confirm-pending">
          <strong>Confirm your entry:</strong> we sent a link to your e-mail address. Your entry
          counts only once you open it
          {entry.confirm_by ? (
            <>
              , by <Moment iso={entry.confirm_by} />
            </>
          ) : null}
          .{' '}
          {noMail ? (
            'This site cannot send e-mail at the moment, so a new link cannot be sent just now.'
          ) : (
            <Resend type="button" onClick={() => void resend()} disabled={resending}>
              {resending ? 'Sending a new link...' : 'No e-mail? Send the link again'}
            </Resend>
          )}
        </Pending>
      ) : null}
      {!pending ? (
        known ? (
          <Held data-testid="entries-held">
            You hold <strong>{entriesWord(known.entries)}</strong> in the draw
            {known.bonus > 0
              ? `: your own and ${known.bonus} bonus ${known.bonus === 1 ? 'entry' : 'entries'} for referrals`
              : ''}
            .
          </Held>
        ) : (
          <Held aria-busy={holding === null ? true : undefined}>
            {holding === null ? 'Counting your entries…' : ''}
          </Held>
        )
      ) : null}
      <Row>
        {noMail ? null : (
          <Button variant="secondary" size="sm" onClick={() => void mail()} disabled={mailing}>
            {mailing ? 'Sending...' : 'E-mail me my receipt'}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => void share()}>
          Share
        </Button>
        <Link to={`/giveaway/${giveawayId}/check`}>Check later: was I in the draw?</Link>
      </Row>
      {known?.won ? (
        <Section aria-labelledby={`${linkId}-won`} data-testid="receipt-won">
          <SectionTitle id={`${linkId}-won`}>You won</SectionTitle>
          <DetailNote>
            Your entry was drawn as a winner of {title}. We sent the claim link to the address you
            entered with: open it to claim the prize before its deadline.
          </DetailNote>
        </Section>
      ) : personalLink ? (
        <Section aria-labelledby={`${linkId}-title`}>
          <SectionTitle id={`${linkId}-title`}>Bring friends, earn bonus entries</SectionTitle>
          <DetailNote>
            Each friend who enters through your personal link, and whose entry counts, gives you one
            bonus entry in the draw, up to {referralCap} bonus{' '}
            {referralCap === 1 ? 'entry' : 'entries'}.
            {pending ? ' They count once your own entry is confirmed.' : ''}
          </DetailNote>
          <label htmlFor={linkId}>Your personal link</label>
          <LinkRow>
            <Input
              id={linkId}
              readOnly
              value={personalLink}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" size="sm" onClick={() => void copyLink()}>
              Copy Link
            </Button>
          </LinkRow>
        </Section>
      ) : null}
      {inApp ? (
        <Pending data-testid="in-app-note">
          <strong>This in-app browser forgets your entry when you close it.</strong>{' '}
          {noMail ? (
            'Copy your receipt code or take a screenshot of it.'
          ) : (
            <>
              Keep your receipt by e-mail:{' '}
              <Resend type="button" onClick={() => void mail()} disabled={mailing}>
                {mailing ? 'Sending...' : 'Send the receipt to my e-mail'}
              </Resend>
            </>
          )}
        </Pending>
      ) : null}
      {onForget ? (
        <Small type="button" onClick={onForget}>
          Not your entry? Forget it on this device
        </Small>
      ) : null}
    </Card>
  );
}
