import { badRequest, conflict } from '../../lib/http-error';
import { type Actor, diffFields, logChange, SYSTEM } from './change-log';
import { commitmentOf, newSeed, WEIGHTED_ALGORITHM } from './draw';
import { freezeWithin } from './freeze';
import { entriesCount, type GiveawayRow } from './mapper';
import { FIXED_AFTER_FREEZE, type GiveawayInput, RULES_FIELDS, SETTABLE_FIELDS } from './rules';
import { writeRules } from './rules-store';
import { closingReason, getGiveaway } from './listing';
import { type Db, fieldList, goneOrConflict, lockGiveaway } from './shared';

/*
 * The owner's writes to a giveaway itself: creating, editing, deleting and archiving it. Each
 * starts by locking the giveaway's row, and each leaves a line in its change log.
 */

/**
 * Why confirmation by e-mail cannot be switched on: without a mail server the links wait in the
 * outbox, never reach an entrant, and so no entry would ever count.
 */
export const CONFIRMATION_NEEDS_MAIL =
  'Confirmation by e-mail cannot be switched on: this site has no mail server configured (SMTP_URL), so the confirmation links would never reach entrants and no entry would count. Configure a mail server first, or leave confirmation off.';

/**
 * Creates a giveaway with its secret seed, the seed's published commitment, the first version of
 * its rules and the first line of its change log, all in one transaction.
 */
export async function createGiveaway(
  db: Db,
  input: GiveawayInput,
  context: { actor: Actor; now: Date; timeZone: string; mailAvailable: boolean },
): Promise<GiveawayRow> {
  if (input.confirm_entries === 1 && !context.mailAvailable)
    throw badRequest(CONFIRMATION_NEEDS_MAIL);
  const at = context.now.toISOString();
  const seed = newSeed();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('giveaways')
      .values({
        ...input,
        is_accepting: 1,
        participant_count: 0,
        algorithm: WEIGHTED_ALGORITHM,
        commitment: commitmentOf(seed),
        committed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('giveaway_seeds').values({ giveaway_id: row.id, seed }).execute();
    await writeRules(trx, row, { timeZone: context.timeZone, at, actor: context.actor });
    await logChange(trx, {
      giveawayId: row.id,
      actor: context.actor,
      action: 'created',
      summary: `Giveaway created; seed commitment ${row.commitment ?? ''} published.`,
      fields: diffFields({} as GiveawayInput, input, SETTABLE_FIELDS),
      at,
    });
    return row.id;
  });
  return getGiveaway(db, id);
}

/**
 * Replaces the settable fields. The first statement locks the giveaway row (as every entry, draw
 * and toggle does first), so the checks below see the latest entries and draw. Refused with 409
 * when the change would rewrite history: after the draw the title, prize, dates and rules stay as
 * they were; once entries are frozen the dates, the cap and the external random value do too; and
 * the cap never goes below the entries already taken.
 */
export async function updateGiveaway(
  db: Db,
  id: number,
  input: GiveawayInput,
  context: { actor: Actor; now: Date; timeZone: string; today: string; mailAvailable: boolean },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await lockGiveaway(trx, id);
    // Switching confirmation on needs a mail server; one already on may stay on (the owner's
    // page says that its entrants cannot be reached) so that other fields can still be edited.
    if (input.confirm_entries === 1 && before.confirm_entries !== 1 && !context.mailAvailable)
      throw badRequest(CONFIRMATION_NEEDS_MAIL);

    // A giveaway whose entries closed by themselves is frozen first, so the checks below apply.
    const closing = closingReason(before, context.today);
    if (closing) await freezeWithin(trx, id, closing, at, SYSTEM);
    const frozen = closing !== null || before.frozen_at !== null;

    const changes = diffFields<GiveawayInput>(before, input, SETTABLE_FIELDS);
    const changed = new Set(changes.map((c) => c.field));
    if (before.draw_round !== null) {
      const locked = RULES_FIELDS.filter((f) => changed.has(f));
      if (locked.length > 0) {
        throw conflict(
          `The winner of this giveaway has been drawn, so its title, prize, dates and rules can no longer change (this edit changes the ${fieldList(locked.map((f) => f.replace(/_/g, ' ')))}).`,
        );
      }
    }
    if (frozen) {
      const locked = FIXED_AFTER_FREEZE.filter((f) => changed.has(f));
      if (locked.length > 0) {
        throw conflict(
          `Entries to this giveaway have closed and the entry list is frozen, so its dates, maximum, number of winners, external random value, referral bonus cap and confirmation step can no longer change (this edit changes the ${fieldList(locked.map((f) => f.replace(/_/g, ' ')))}).`,
        );
      }
    }
    if (input.max_participants !== null && input.max_participants < before.participant_count) {
      throw conflict(
        `This giveaway already has ${before.participant_count} entrants, so the maximum cannot be lower than ${before.participant_count}.`,
      );
    }
    if (input.referral_cap < before.referral_cap) {
      const held = await trx
        .selectFrom('participants')
        .select((eb) => eb.fn.max('bonus_entries').as('most'))
        .where('giveaway_id', '=', id)
        .executeTakeFirst();
      const most = Number(held?.most ?? 0);
      if (input.referral_cap < most) {
        throw conflict(
          `An entrant already holds ${most} bonus ${most === 1 ? 'entry' : 'entries'} for referrals, so the referral bonus cap cannot be lower than ${most}.`,
        );
      }
    }
    if (changes.length === 0) return;

    const after = await trx
      .updateTable('giveaways')
      .set({ ...input, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'updated',
      summary: `Changed the ${fieldList(changes.map((c) => c.field.replace(/_/g, ' ')))}.`,
      fields: changes,
      at,
    });
    await writeRules(trx, after, { timeZone: context.timeZone, at, actor: context.actor });
  });
  return getGiveaway(db, id);
}

/**
 * Deletes a giveaway that has not been drawn; its entries and rules go with it (foreign-key
 * cascade), its change log stays. A drawn giveaway's record must stay public: archive it instead.
 */
export async function deleteGiveaway(
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; confirmTitle?: string },
): Promise<{ title: string; participant_count: number }> {
  return db.transaction().execute(async (trx) => {
    const target = await lockGiveaway(trx, id);
    const entered = await trx
      .selectFrom('participants')
      .select('id')
      .where('giveaway_id', '=', id)
      .executeTakeFirst();
    if (
      target.draw_round === null &&
      entered &&
      (context.confirmTitle ?? '').trim() !== target.title.trim()
    ) {
      throw conflict(
        'People have entered this giveaway, so it is archived rather than deleted. To delete it with its entries anyway, type its title exactly to confirm.',
      );
    }
    const deleted = await trx
      .deleteFrom('giveaways')
      .where('id', '=', id)
      .where('draw_round', 'is', null)
      .returning(['title', 'participant_count'])
      .executeTakeFirst();
    if (!deleted) {
      throw await goneOrConflict(
        trx,
        id,
        'This giveaway has been drawn, so it cannot be deleted: its rules and draw record stay public. Archive it to hide it from the list.',
      );
    }
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'deleted',
      summary: `Deleted "${deleted.title}" with its ${entriesCount(deleted.participant_count)}.`,
      at: context.now.toISOString(),
    });
    return deleted;
  });
}

/** Hides a giveaway from the public list (or shows it again); its page, rules and record stay. */
export async function setArchived(
  db: Db,
  id: number,
  archived: boolean,
  context: { actor: Actor; now: Date },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await lockGiveaway(trx, id);
    if ((before.archived === 1) === archived) return;
    await trx
      .updateTable('giveaways')
      .set({ archived: archived ? 1 : 0, updated_at: at })
      .where('id', '=', id)
      .execute();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: archived ? 'archived' : 'unarchived',
      summary: archived
        ? 'Archived: hidden from the giveaway list; its page, rules and draw record stay.'
        : 'Shown in the giveaway list again.',
      fields: [{ field: 'archived', before: String(!archived), after: String(archived) }],
      at,
    });
  });
  return getGiveaway(db, id);
}
