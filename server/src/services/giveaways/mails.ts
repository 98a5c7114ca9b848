import type { MailLimits } from '../mail-limits';
import type { Mailer, MailMessage } from '../mail';

/** A header must stay one line, whatever an admin typed into the title. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * Deadlines in mails read as on every page: the text of the site's formatter (contracts'
 * formatDeadline), with the server's cached formatter per time zone.
 */
import { formatDeadline } from '../../lib/dates';
export { formatDeadline };

/**
 * To an address whose mailbox tried to enter a giveaway it already entered: the page answered as
 * for an entry (so that it tells nobody who entered), and only the mailbox learns the truth.
 */
export function alreadyEnteredMail(input: {
  to: string;
  title: string;
  giveawayId: number;
  publicUrl: string;
  /** The entry's referral code when referrals are on: its personal link goes in the mail. */
  referralCode?: string | null;
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  const personal = input.referralCode
    ? [
        '',
        'Your personal link, to share with friends (each friend whose entry counts gives you a bonus entry):',
        '',
        `    ${page}?ref=${encodeURIComponent(input.referralCode)}`,
      ]
    : [];
  return {
    to: input.to,
    subject: oneLine(`You have already entered "${input.title}"`),
    text: [
      'Hello,',
      '',
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
    ].join('\n'),
  };
}

export function receiptMail(input: {
  to: string;
  title: string;
  receipt: string;
  rulesVersion: number;
  giveawayId: number;
  publicUrl: string;
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  return {
    to: input.to,
    subject: oneLine(`Your entry receipt for "${input.title}"`),
    text: [
      'Hello,',
      '',
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
    ].join('\n'),
  };
}

/**
 * The link that confirms an entry's address. It goes out even without a mail server (then it is
 * kept in the outbox, with the link itself sealed for the recipient), since the entry counts only
 * once confirmed.
 */
export function confirmEntryMail(input: {
  to: string;
  title: string;
  giveawayId: number;
  token: string;
  expiresAt: string;
  timeZone: string;
  publicUrl: string;
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  return {
    to: input.to,
    subject: oneLine(`Confirm your entry to "${input.title}"`),
    text: [
      'Hello,',
      '',
      `Someone (we hope you) entered the giveaway "${oneLine(input.title)}" with this address. The entry counts only once you confirm it. To confirm, open this link by ${formatDeadline(input.expiresAt, input.timeZone)}:`,
      `${page}/confirm?token=${encodeURIComponent(input.token)}`,
      '',
      'An entry that is not confirmed by then expires: it does not count, and the address and handle can enter again.',
      '',
      'If you did not enter this giveaway, you can ignore this e-mail.',
    ].join('\n'),
    secrets: [input.token],
  };
}

export function winnerMail(input: {
  to: string;
  handle: string;
  title: string;
  prize: string;
  giveawayId: number;
  claimToken: string;
  claimDeadline: string;
  claimDays: number;
  timeZone: string;
  publicUrl: string;
  /** With several winners: this winner's place and how many places there are. */
  place?: { place: number; of: number };
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  const deadline = formatDeadline(input.claimDeadline, input.timeZone);
  const as = input.place ? `as winner ${input.place.place} of ${input.place.of}` : 'as the winner';
  return {
    to: input.to,
    subject: oneLine(`You won the giveaway "${input.title}"`),
    text: [
      'Hello,',
      '',
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
    ].join('\n'),
    secrets: [input.claimToken],
  };
}

/** To a winner who was disqualified after the draw: the win is withdrawn, with the published reason. */
export function winWithdrawnMail(input: {
  to: string;
  handle: string | null;
  title: string;
  reason: string;
  giveawayId: number;
  publicUrl: string;
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  const entry = input.handle ? `Your entry (@${oneLine(input.handle)})` : 'Your entry';
  return {
    to: input.to,
    subject: oneLine(`Your win of "${input.title}" was withdrawn`),
    text: [
      'Hello,',
      '',
      `${entry} was drawn as a winner of the giveaway "${oneLine(input.title)}", but it has been disqualified, so the prize was drawn again and the claim link we sent you no longer works.`,
      '',
      `The reason, published with the new draw: ${oneLine(input.reason)}`,
      '',
      'If you think this is a mistake, reply through the contact page of the site, naming this giveaway.',
      '',
      `The draw and its history: ${page}/verify`,
    ].join('\n'),
  };
}

/**
 * Tells the owner that the winner claimed. It names no address and no delivery details (a mail
 * kept in the outbox must not collect them): those are on the giveaway's admin card.
 */
export function claimNoticeMail(input: {
  to: string | null;
  title: string;
  round: number;
  handle: string | null;
  giveawayId: number;
  publicUrl: string;
}): MailMessage {
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  const who = input.handle ? `@${input.handle}` : 'The winner';
  return {
    to: input.to,
    subject: oneLine(`The prize of "${input.title}" was claimed`),
    text: [
      'Hello,',
      '',
      `${who} (round ${input.round}) claimed the prize of the giveaway "${oneLine(input.title)}" and gave delivery details.`,
      '',
      'Their contact and delivery details are on the giveaway’s admin card (log in first):',
      page,
    ].join('\n'),
  };
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
