import type { Giveaway } from '@site/contracts';
import { todayIn } from '../../../../src/lib/dates';
import type { App } from '../../../../src/app';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';

/** A UTC calendar date `days` from today (negative for the past). */
export function utcDate(days: number): string {
  const [y, m, d] = todayIn('UTC').split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

export const validForm = () => ({
  title: 'Win a custom AI agent',
  description: 'Enter with your e-mail and Instagram handle.',
  prize: 'A custom agent build',
  prize_image: null as string | null,
  start_date: utcDate(-1),
  end_date: utcDate(30),
  max_participants: null as number | null | '',
});

export interface GiveawayTestContext extends TestApp {
  admin: string;
  editor: string;
  adminName: string;
}

/**
 * A fresh app (rate limits off and the mail limits' ceilings per mailbox high, unless asked: its
 * tests enter with the same few addresses again and again) with an admin and an editor token.
 */
export async function setup(env: Record<string, string> = {}): Promise<GiveawayTestContext> {
  const t = await buildTestApp({
    RATE_LIMITS: 'off',
    MAIL_PER_ADDRESS_HOUR: '1000',
    MAIL_PER_ADDRESS_DAY: '1000',
    ...env,
  });
  const admin = await userWithToken(t.app, 'admin');
  const editor = await userWithToken(t.app, 'editor');
  return {
    ...t,
    admin: admin.authorization,
    editor: editor.authorization,
    adminName: admin.username,
  };
}

export async function createGiveaway(
  app: App,
  admin: string,
  overrides: Record<string, unknown> = {},
): Promise<Giveaway> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/giveaway',
    headers: { authorization: admin },
    payload: { ...validForm(), ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Giveaway>();
}

/** Enters as the site does (rules accepted); `extra` adds or overrides body fields. */
export function enter(
  app: App,
  id: number,
  email: string,
  instagram_handle: string,
  extra: object = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${id}/participate`,
    payload: { email, instagram_handle, accept_rules: true, ...extra },
  });
}

export async function getGiveaway(app: App, id: number, authorization?: string): Promise<Giveaway> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/giveaway/${id}`,
    headers: authorization ? { authorization } : {},
  });
  if (res.statusCode !== 200) throw new Error(`get failed: ${res.statusCode} ${res.body}`);
  return res.json<Giveaway>();
}

/** Anything shaped like an e-mail address. */
export const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
