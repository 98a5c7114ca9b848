import crypto from 'node:crypto';
import { blacklist } from 'mailchecker';
import type { ParticipantFlag } from '@site/contracts';
import { networkKey } from '../../lib/client-key';

/*
 * The desk's fraud flags: hints for the owner, never a decision. An entry is flagged when
 * - its address is at a disposable (throwaway) mail domain, by the list the `mailchecker` package
 *   maintains (a subdomain of a listed domain counts too): `disposable_email`;
 * - `SAME_NETWORK_MIN` or more entries of the giveaway came from one network (an IPv4 /24 or an
 *   IPv6 /48): `same_network`;
 * - `SAME_DEVICE_MIN` or more entries came from one network with the same browser (user agent):
 *   `same_device`;
 * - it belongs to a referral chain that feeds one account: starting from an entry, follow the
 *   entries it referred whose own entry looks made by the same hand (from the same network as
 *   the entry that referred it, which covers the same device, or at a disposable address), and from them the entries they referred
 *   the same way; an entry whose chain holds `CHAIN_MIN` or more such entries is flagged with
 *   every entry of its chain: `referral_chain`.
 * Entries made before the network and device were kept have neither and are flagged by neither.
 */

export const SAME_NETWORK_MIN = 3;
export const SAME_DEVICE_MIN = 2;
export const CHAIN_MIN = 2;

/** What one entry brings to the flags. */
export interface FlagInput {
  id: number;
  email: string;
  referred_by: number | null;
  network_hash: string | null;
  agent_hash: string | null;
}

/** Lower-case domain and every parent domain of an address: `a.b.example.com` … `com`. */
function domainsOf(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at < 0) return [];
  const labels = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '')
    .split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((d) => d.includes('.'));
}

let disposable: Set<string> | null = null;

/** Whether an address is at a disposable mail domain (or a subdomain of one). */
export function isDisposableEmail(email: string): boolean {
  disposable ??= blacklist();
  const list = disposable;
  return domainsOf(email).some((domain) => list.has(domain));
}

/**
 * The keyed digests an entry keeps of its client's network and browser, salted with the giveaway's
 * id so that one client's digests in two giveaways differ. `digest` is keyed with the server's
 * secret (see `keyedDigest`).
 */
export function entrySignals(
  digest: (...parts: string[]) => string,
  giveawayId: number,
  address: string,
  userAgent: string | undefined,
): { network_hash: string; agent_hash: string } {
  return {
    network_hash: digest('entry-network', String(giveawayId), networkKey(address)),
    agent_hash: digest('entry-agent', String(giveawayId), (userAgent ?? '').slice(0, 1000)),
  };
}

/** A digest that is the same for the same network and browser, for counting devices. */
const deviceKey = (row: FlagInput) =>
  row.network_hash !== null && row.agent_hash !== null
    ? crypto.createHash('sha256').update(`${row.network_hash}\0${row.agent_hash}`).digest('hex')
    : null;

function countBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** Each entry's flags, in a fixed order; entries without any are left out of the map. */
export function computeFlags(rows: readonly FlagInput[]): Map<number, ParticipantFlag[]> {
  const networks = countBy(rows, (r) => r.network_hash);
  const devices = countBy(rows, deviceKey);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const flags = new Map<number, Set<ParticipantFlag>>();
  const add = (id: number, flag: ParticipantFlag) => {
    let set = flags.get(id);
    if (!set) flags.set(id, (set = new Set()));
    set.add(flag);
  };

  const disposableIds = new Set<number>();
  for (const row of rows) {
    if (isDisposableEmail(row.email)) {
      disposableIds.add(row.id);
      add(row.id, 'disposable_email');
    }
    if (row.network_hash !== null && (networks.get(row.network_hash) ?? 0) >= SAME_NETWORK_MIN)
      add(row.id, 'same_network');
    const device = deviceKey(row);
    if (device !== null && (devices.get(device) ?? 0) >= SAME_DEVICE_MIN)
      add(row.id, 'same_device');
  }

  // A referred entry "feeds" its referrer when it looks made by the same hand.
  const feeders = new Map<number, number[]>();
  for (const row of rows) {
    if (row.referred_by === null) continue;
    const referrer = byId.get(row.referred_by);
    if (!referrer) continue;
    // One device is one network with one browser, so the same network covers it.
    const sameNetwork = row.network_hash !== null && row.network_hash === referrer.network_hash;
    if (sameNetwork || disposableIds.has(row.id)) {
      const list = feeders.get(referrer.id) ?? [];
      list.push(row.id);
      feeders.set(referrer.id, list);
    }
  }
  for (const root of feeders.keys()) {
    // Every entry reached from the root through feeders (cycles cannot happen: a referrer entered
    // before the entries it referred, but the walk guards anyway).
    const chain = new Set<number>();
    const stack = [...(feeders.get(root) ?? [])];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (chain.has(id) || id === root) continue;
      chain.add(id);
      stack.push(...(feeders.get(id) ?? []));
    }
    if (chain.size >= CHAIN_MIN) {
      add(root, 'referral_chain');
      for (const id of chain) add(id, 'referral_chain');
    }
  }

  const order: ParticipantFlag[] = [
    'disposable_email',
    'same_network',
    'same_device',
    'referral_chain',
  ];
  return new Map(
    [...flags].map(([id, set]) => [id, order.filter((flag) => set.has(flag))] as const),
  );
}
