import crypto from 'node:crypto';
import { ConfigError, FACEBOOK_GRAPH_VERSION, loadConfig } from '../../../../src/config';

/** The Instagram connection's settings as the configuration reads them. */

const KEY = crypto.randomBytes(32).toString('base64');

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

test('without any Instagram variable the server starts, with the public Graph hosts', () => {
  const { instagram } = loadConfig({});
  expect(instagram).toEqual({
    tokenKey: null,
    tokenKeyPrevious: '',
    instagramGraphUrl: 'https://graph.instagram.com',
    facebookGraphUrl: 'https://graph.facebook.com',
    facebookGraphVersion: FACEBOOK_GRAPH_VERSION,
    app: null,
    refreshCheckMs: 60 * 60_000,
  });
});

test('the keys, the Graph addresses and the Meta app are read', () => {
  const previous = crypto.randomBytes(32).toString('hex');
  const { instagram } = loadConfig({
    INSTAGRAM_TOKEN_KEY: KEY,
    INSTAGRAM_TOKEN_KEY_PREVIOUS: previous,
    INSTAGRAM_GRAPH_URL: 'http://127.0.0.1:4000/',
    FACEBOOK_GRAPH_URL: 'http://127.0.0.1:4000/v22.0',
    FACEBOOK_APP_ID: '123',
    FACEBOOK_APP_SECRET: 'shh-it-is-a-secret',
    INSTAGRAM_REFRESH_CHECK_MINUTES: '5',
  });
  expect(instagram).toEqual({
    tokenKey: KEY,
    tokenKeyPrevious: previous,
    instagramGraphUrl: 'http://127.0.0.1:4000',
    facebookGraphUrl: 'http://127.0.0.1:4000',
    facebookGraphVersion: 'v22.0',
    app: { id: '123', secret: 'shh-it-is-a-secret' },
    refreshCheckMs: 5 * 60_000,
  });
  expect(loadConfig({ FACEBOOK_GRAPH_URL: 'http://127.0.0.1:4000' }).instagram).toMatchObject({
    facebookGraphUrl: 'http://127.0.0.1:4000',
    facebookGraphVersion: null,
  });
});

test.each([
  [{ INSTAGRAM_TOKEN_KEY: 'too-short' }, 'INSTAGRAM_TOKEN_KEY must hold 32 bytes'],
  [
    { INSTAGRAM_TOKEN_KEY: KEY, INSTAGRAM_TOKEN_KEY_PREVIOUS: 'nope' },
    'INSTAGRAM_TOKEN_KEY_PREVIOUS',
  ],
  [{ INSTAGRAM_TOKEN_KEY_PREVIOUS: KEY }, 'set without INSTAGRAM_TOKEN_KEY'],
  [{ INSTAGRAM_GRAPH_URL: 'ftp://graph.instagram.com' }, 'INSTAGRAM_GRAPH_URL must be'],
  [{ FACEBOOK_GRAPH_URL: 'https://graph.facebook.com/v26.0?x=1' }, 'FACEBOOK_GRAPH_URL must be'],
  [{ FACEBOOK_APP_ID: '123' }, 'must be set together'],
  [{ FACEBOOK_APP_ID: 'abc', FACEBOOK_APP_SECRET: 's' }, 'FACEBOOK_APP_ID must be digits'],
])('%p is refused at start', (env, message) => {
  const found = problems(env);
  expect(found.join('\n')).toContain(message);
  // A key's value is never repeated in the message.
  expect(found.join('\n')).not.toContain(KEY);
});
