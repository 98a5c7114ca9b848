import type { RulesSection } from '@site/contracts';
import { formatDate } from '../../lib/dates';
import type { Selectable } from 'kysely';
import type { GiveawaysTable } from '../../db/database';
import { loadCompanyIdentity } from '../site-facts';
import type { RulesField } from './rules';

/** The fields of a giveaway its official rules are written from, and its seed commitment. */
export type RulesFields = Pick<Selectable<GiveawaysTable>, RulesField | 'commitment'>;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function closing(fields: RulesFields, timeZone: string): string {
  const alsoFull =
    fields.max_participants !== null
      ? ` or as soon as ${fields.max_participants} entries have been received`
      : '';
  const when = fields.end_date
    ? `at the end of ${formatDate(fields.end_date)} (${timeZone} time)${alsoFull}, or earlier if we stop accepting entries`
    : `when we stop accepting entries${alsoFull}`;
  return `Entries open on ${formatDate(fields.start_date)} and close ${when}. Entries received after the close are not accepted.`;
}

/**
 * The confirmation step and the referral bonus, each stated only where the giveaway has it (a
 * giveaway without either keeps the rules text it always had).
 */
function entrySteps(fields: RulesFields): RulesSection[] {
  const sections: RulesSection[] = [];
  if (fields.confirm_entries === 1) {
    sections.push({
      heading: 'Confirming your entry',
      text: 'After entering, we e-mail a link to the address you entered with. Your entry counts (towards the maximum, in the entry list and for referrals) only once you open that link to confirm it. An unconfirmed entry blocks no one: where two entries share a mailbox or a handle, the first to be confirmed counts and the other cannot be confirmed. An entry not confirmed within 48 hours expires and never counts. A confirmation that arrives after entries closed, or after the giveaway filled up, does not count.',
    });
  }
  if (fields.referral_cap > 0) {
    const cap = fields.referral_cap;
    sections.push({
      heading: 'Bonus entries for referrals',
      text: `After entering you get a personal link to share. Each new entrant who enters through it while entries are open, and whose entry counts${fields.confirm_entries === 1 ? ' (is confirmed)' : ''}, gives you one bonus entry, up to ${cap} bonus ${cap === 1 ? 'entry' : 'entries'}; each bonus entry is one more chance in the draw. You cannot refer yourself: an entrant with your Instagram handle, or an e-mail address that reaches your mailbox (ignoring upper and lower case, a "+tag" after the name, and, for Gmail addresses, dots in the name), earns nothing. If a referred entry is disqualified or erased, the bonus it gave is taken back. The total number of bonus entries is published; who referred whom is not.`,
    });
  }
  return sections;
}

/**
 * The official rules, written out from the giveaway's fields. What is stored for each version is
 * this text, so an entrant can always read exactly what they accepted.
 */
export function renderRules(fields: RulesFields, timeZone: string): RulesSection[] {
  const where = fields.region.trim()
    ? `who live in ${fields.region.trim()}`
    : 'wherever they live, except where the law of their country does not allow them to take part';
  const external = fields.external_randomness?.trim();
  // The organiser as content/company.yaml names it: changing the address there changes the rules.
  const organiser = loadCompanyIdentity();
  const sections: RulesSection[] = [
    {
      heading: 'Organiser',
      text: `The giveaway "${fields.title}" is run by ${organiser.legalName}, ${organiser.address}. It is not sponsored, endorsed or run by Instagram or Meta.`,
    },
    {
      heading: 'Who may enter',
      text: `People aged ${fields.min_age} or over ${where}. Entering is free and needs no purchase. Each person may enter once: one entry per mailbox and one per Instagram handle. Addresses that differ only in upper and lower case, in a "+tag" after the name or, for Gmail addresses, in dots in the name reach one mailbox and count as one; entering again with one of them changes nothing, and we tell that mailbox so by e-mail. By entering you confirm that you have read these rules and are at least ${fields.min_age}.`,
    },
    { heading: 'Dates', text: closing(fields, timeZone) },
    ...entrySteps(fields),
    {
      heading: 'The prize',
      text:
        fields.winner_count === 1
          ? `${fields.prize}. There is one winner.`
          : `${fields.prize}. There are ${fields.winner_count} winners, each of whom wins the prize; nobody can win more than once. If fewer entries than that are in the draw, every entry wins.`,
    },
    {
      heading: 'How the winner is drawn',
      text: [
        `When entries close, the list of entries is frozen and published on this giveaway's verification page as receipt hashes only (no e-mail addresses or handles), each with its number of entries in the draw (one, plus any bonus entries it holds at that moment). ${fields.winner_count === 1 ? 'One entry is then drawn' : `${fields.winner_count} different entries are then drawn, one after another,`} at random from the frozen list with the published method, each entry's chance in proportion to its number of entries: a secret seed, whose SHA-256 commitment${fields.commitment ? ` (${fields.commitment})` : ''} was published when the giveaway was created, is revealed at the draw, and the winning ${fields.winner_count === 1 ? 'position is' : 'positions are'} computed from it and the frozen list, so anyone can check the result.`,
        external
          ? `To make sure not even the organiser could know the result when entries closed, this external public random value is mixed into the draw: ${external}.`
          : 'No external random value is mixed into this draw.',
      ].join('\n\n'),
    },
    {
      heading: 'How the winner is told',
      text:
        fields.winner_count === 1
          ? "The winner is told by e-mail, at the address they entered with, as soon as the draw is made. The e-mail holds a link to claim the prize. The winner's Instagram handle (never their e-mail address) is shown on this giveaway's page and in the public draw history."
          : "Each winner is told by e-mail, at the address they entered with, as soon as the draw is made. Each e-mail holds that winner's own link to claim the prize. The winners' Instagram handles (never their e-mail addresses) are shown on this giveaway's page and in the public draw history.",
    },
    {
      heading: 'Claiming the prize',
      text: `The winner has ${days(fields.claim_days)} from the draw to claim the prize with the link in that e-mail. We then contact them at the same address to arrange delivery.`,
    },
    {
      heading: 'If the prize is not claimed',
      text: `If ${fields.winner_count === 1 ? 'the winner has' : 'a winner has'} not claimed the prize ${days(fields.claim_days)} after the draw, or is disqualified, we may draw ${fields.winner_count === 1 ? 'again' : "that winner's place again (that place only)"} from the same frozen list without every entry drawn before, by the same method with a new seed whose SHA-256 was published before, and publish the reason in the draw history. The new winner is told the same way and has ${days(fields.claim_days)} to claim.`,
    },
    {
      heading: 'What we store and for how long',
      text: `For each entry we store the e-mail address (and the mailbox it reaches, to tell whether one person entered twice), the Instagram handle, the time of entry, the version of these rules that was accepted and the SHA-256 hash of the receipt code (not the code itself; it is shown to you and, with a mail server, mailed to you).${fields.confirm_entries === 1 ? ' Until an entry is confirmed we also keep the hash of its confirmation link and its deadline, and then when it was confirmed.' : ''}${fields.referral_cap > 0 ? ' Each entry has a personal referral code, and we keep whose link an entrant came through, to count bonus entries; who referred whom is never published.' : ''} A winner who claims the prize gives a full name and postal address, used only to deliver it. The e-mail address is used only to run this giveaway: to send the receipt and confirmation link, to answer you, and to tell the winner. It is never published. We keep entries with this giveaway's record so that the draw stays checkable; a set time after the claim period ends (our privacy page says how long) the addresses, handles, referral links and delivery details are erased by themselves, leaving only the receipt hashes, so the frozen list and the draw still add up. You can ask us to erase yours sooner through our contact page; erasing it leaves only its receipt hash in the frozen list (and, for a winner, their place in the draw history without a handle).`,
    },
  ];
  const terms = fields.extra_terms.trim();
  if (terms) sections.push({ heading: 'Additional terms', text: terms });
  return sections;
}
