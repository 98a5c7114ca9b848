import type { MailLimits } from '../mail-limits';
import type { Mailer, MailMessage } from '../mail';
import { oneLine } from '../../lib/mail-text';

/**
 * Deadlines in mails read as on every page: the text of the site's formatter (contracts'
 * formatDeadline), with the server's cached formatter per time zone.
 */
import { formatDeadline } from '../../lib/dates';
export { formatDeadline };

/** What every mail about a giveaway is built from: its addressee and the giveaway's page. */
interface GiveawayMailInput {
  to: string;
  title: string;
  giveawayId: number;
  publicUrl: string;
}

const pageOf = (input: Pick<GiveawayMailInput, 'publicUrl' | 'giveawayId'>) =>
  `${input.publicUrl}/giveaway/${input.giveawayId}`;

/**
 * A mail with a one-line subject whose text greets and then says `lines`; `secrets` are what the
 * outbox seals for the recipient.
 */
function greeting(
  to: string | null,
  subject: string,
  lines: readonly string[],
  secrets?: string[],
): MailMessage {
  return {
    to,
    subject: oneLine(subject),
    text: ['Hello,', '', ...lines].join('\n'),
    ...(secrets ? { secrets } : {}),
  };
}

/**
 * To an address whose mailbox tried to enter a giveaway it already entered: the page answered as
 * for an entry (so that it tells nobody who entered), and only the mailbox learns the truth.
 */
export function alreadyEnteredMail(
  input: GiveawayMailInput & {
    /** The entry's referral code when referrals are on: its personal link goes in the mail. */
    referralCode?: string | null;
  },
): MailMessage {
  const page = pageOf(input);
  const personal = input.referralCode
    ? [
        '',
        'Your personal link, to share with friends (each friend whose entry counts gives you a bonus entry):',
        '',
        `    ${page}?ref=${encodeURIComponent(input.referralCode)}`,
      ]
    : [];
  return greeting(input.to, `You have already entered "${input.title}"`, [
    `Someone, most likely you, just tried to enter the giveaway "${oneLine(input.title)}" with this e-mail address. An entry from this mailbox is already in it, and each person can enter once, so nothing changed: your first entry stands. The receipt code shown on the page this time belongs to no entry; the one that counts is in the mail we sent when you first entered.`,
    ...personal,
    '',
    'To check with your receipt code that your entry is in the draw:',
    '',
    `    ${page}/check`,
    '',
    'If you did not try to enter, you can ignore this mail.',
    '',
    page,
  ]);
}

export function receiptMail(
  input: GiveawayMailInput & { receipt: string; rulesVersion: number },
): MailMessage {
  const page = pageOf(input);
  return greeting(input.to, `Your entry receipt for "${input.title}"`, [
    `Your entry to the giveaway "${oneLine(input.title)}" is recorded. Your receipt code is:`,
    '',
    `    ${input.receipt}`,
    '',
    'Keep it. With it you can check at any time that your entry is in the draw:',
    `${page}/check`,
    '',
    `You accepted version ${input.rulesVersion} of the official rules: ${page}/rules?version=${input.rulesVersion}`,
    'When the winner is drawn, anyone can check the draw here:',
    `${page}/verify`,
    '',
    'If you did not enter this giveaway, you can ignore this e-mail.',
  ]);
}

/**
 * The link that confirms an entry's address. It goes out even without a mail server (then it is
 * kept in the outbox, with the link itself sealed for the recipient), since the entry counts only
 * once confirmed.
 */
export function confirmEntryMail(
  input: GiveawayMailInput & { token: string; expiresAt: string; timeZone: string },
): MailMessage {
  const page = pageOf(input);
  return greeting(
    input.to,
    `Confirm your entry to "${input.title}"`,
    [
      `Someone (we hope you) entered the giveaway "${oneLine(input.title)}" with this address. The entry counts only once you confirm it. To confirm, open this link by ${formatDeadline(input.expiresAt, input.timeZone)}:`,
      `${page}/confirm?token=${encodeURIComponent(input.token)}`,
      '',
      'An entry that is not confirmed by then expires: it does not count, and the address and handle can enter again.',
      '',
      'If you did not enter this giveaway, you can ignore this e-mail.',
    ],
    [input.token],
  );
}

export function winnerMail(
  input: GiveawayMailInput & {
    handle: string;
    prize: string;
    claimToken: string;
    claimDeadline: string;
    claimDays: number;
    timeZone: string;
    /** With several winners: this winner's place and how many places there are. */
    place?: { place: number; of: number };
  },
): MailMessage {
  const page = pageOf(input);
  const deadline = formatDeadline(input.claimDeadline, input.timeZone);
  const as = input.place ? `as winner ${input.place.place} of ${input.place.of}` : 'as the winner';
  return greeting(
    input.to,
    `You won the giveaway "${input.title}"`,
    [
      `Congratulations! Your entry (@${input.handle}) was drawn ${as} of the giveaway "${oneLine(input.title)}".`,
      '',
      `Prize: ${oneLine(input.prize)}`,
      '',
      `To claim it, open this link by ${deadline}${input.place ? ' (it is yours alone: each winner has their own)' : ''}:`,
      `${page}/claim?token=${encodeURIComponent(input.claimToken)}`,
      '',
      `You have ${input.claimDays} ${input.claimDays === 1 ? 'day' : 'days'} to claim. If the prize is not claimed by then, the official rules let us draw again from the other entries.`,
      'Once you have claimed, we will write to you at this address to arrange delivery.',
      '',
      `You can check the draw yourself: ${page}/verify`,
    ],
    [input.claimToken],
  );
}

/** To a winner who was disqualified after the draw: the win is withdrawn, with the published reason. */
export function winWithdrawnMail(
  input: GiveawayMailInput & { handle: string | null; reason: string },
): MailMessage {
  const page = pageOf(input);
  const entry = input.handle ? `Your entry (@${oneLine(input.handle)})` : 'Your entry';
  return greeting(input.to, `Your win of "${input.title}" was withdrawn`, [
    `${entry} was drawn as a winner of the giveaway "${oneLine(input.title)}", but it has been disqualified, so the prize was drawn again and the claim link we sent you no longer works.`,
    '',
    `The reason, published with the new draw: ${oneLine(input.reason)}`,
    '',
    'If you think this is a mistake, reply through the contact page of the site, naming this giveaway.',
    '',
    `The draw and its history: ${page}/verify`,
  ]);
}

/**
 * Tells the owner that the winner claimed. It names no address and no delivery details (a mail
 * kept in the outbox must not collect them): those are on the giveaway's admin card.
 */
export function claimNoticeMail(
  input: Omit<GiveawayMailInput, 'to'> & {
    to: string | null;
    round: number;
    handle: string | null;
  },
): MailMessage {
  const page = pageOf(input);
  const who = input.handle ? `@${input.handle}` : 'The winner';
  return greeting(input.to, `The prize of "${input.title}" was claimed`, [
    `${who} (round ${input.round}) claimed the prize of the giveaway "${oneLine(input.title)}" and gave delivery details.`,
    '',
    'Their contact and delivery details are on the giveaway’s admin card (log in first):',
    page,
  ]);
}

/** How giveaway flows reach people by mail: the site's mailer and what the messages link to. */
export interface GiveawayMailer {
  mailer: Mailer;
  /** True only with a real mail server: an entrant's receipt is never kept in the outbox. */
  smtp: boolean;
  publicUrl: string;
  ownerEmail: string | null;
  timeZone: string;
  log: { error(obj: object, msg: string): void };
  /** Mail a stranger can ask for (a receipt or a link sent again) passes this rule first. */
  limits: Pick<MailLimits, 'allow'>;
}
