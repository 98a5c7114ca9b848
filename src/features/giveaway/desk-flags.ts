import type { Participant, ParticipantFlag } from '@site/contracts';

/** The words the desk shows for each fraud flag, and what it means. */
export const FLAG_TEXT: Record<ParticipantFlag, { label: string; meaning: string }> = {
  disposable_email: {
    label: 'Disposable e-mail',
    meaning: 'the address is at a throwaway mail domain',
  },
  same_network: {
    label: 'Same network',
    meaning: 'three or more entries came from one network',
  },
  same_device: {
    label: 'Same device',
    meaning: 'two or more entries came from one network with the same browser',
  },
  referral_chain: {
    label: 'Referral chain',
    meaning: 'a chain of referrals from one network or throwaway addresses feeds one entry',
  },
};

/** Whether an entry is in the draw: confirmed (or needing no confirmation) and not disqualified. */
export const inDraw = (p: Participant) => p.confirmed_at !== null && p.disqualified_at === null;

/** The flagged entries that can still be disqualified. */
export const flaggedInPlay = (entrants: readonly Participant[]) =>
  entrants.filter((p) => p.flags.length > 0 && p.disqualified_at === null);

export interface ReferralNode {
  entrant: Participant;
  children: ReferralNode[];
}

/**
 * Who brought whom: one tree per entrant who brought someone and came directly (or whose referrer
 * is not in the list), each entrant under the one whose link it came by, in entry order. Entrants
 * who neither brought nor were brought by anyone are left out.
 */
export function referralForest(entrants: readonly Participant[]): ReferralNode[] {
  const byId = new Map(entrants.map((p) => [p.id, p]));
  const children = new Map<number, Participant[]>();
  for (const p of entrants) {
    if (p.referred_by === null || !byId.has(p.referred_by)) continue;
    const list = children.get(p.referred_by) ?? [];
    list.push(p);
    children.set(p.referred_by, list);
  }
  const seen = new Set<number>();
  const grow = (p: Participant): ReferralNode => {
    seen.add(p.id);
    return {
      entrant: p,
      children: (children.get(p.id) ?? []).filter((c) => !seen.has(c.id)).map(grow),
    };
  };
  return entrants
    .filter((p) => (p.referred_by === null || !byId.has(p.referred_by)) && children.has(p.id))
    .map(grow);
}
