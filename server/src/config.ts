import path from 'node:path';

/** The mail limits (see services/mail-limits.ts). */
export interface MailLimitSettings {
  /** Least time between two mails about one entry or enquiry. */
  cooldownMs: number;
  /** Most such mails to one mailbox in an hour, and in a day. */
  perHour: number;
  perDay: number;
}

/** Everything the server reads from the environment, parsed once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>` (relative to the working directory), `sqlite::memory:` or `postgres://…`. */
  databaseUrl: string;
  /** Folder for the SQLite file and generated secrets. */
  dataDir: string;
  /** Built Gatsby site (`public/`), with the build's site-manifest.json beside it. */
  siteDir: string;
  logLevel: string;
  /** Fastify's trustProxy: true/false, a hop count, or comma-separated addresses/CIDRs. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Origins allowed by CORS; empty means same origin only. */
  corsOrigins: string[];
  rateLimits: boolean;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  ownerEmail: string | undefined;
  /** Public base URL of the site, used in links inside e-mails. */
  publicUrl: string;
  siteTimezone: string;
  /** Per-address request limits for the public write endpoints (used when rateLimits is on). */
  limits: Record<'login' | 'contact' | 'newsletter' | 'participate', RouteLimit>;
  /**
   * Per-account limits for staff (used when rateLimits is on): markdown previews (drafts and
   * newsletter issues), test mails and Instagram connection changes per minute, publishing per hour.
   */
  accountLimits: Record<'preview' | 'testMail' | 'publish' | 'upload' | 'instagram', RouteLimit>;
  /** Longest a markdown body may compile on the worker pool before it is refused as too complex. */
  compileTimeoutMs: number;
  /** Compiles of one account that may wait behind the one in flight (COMPILE_QUEUE_PER_ACCOUNT). */
  compileQueuePerAccount: number;
  /**
   * Failed logins. `perAccountAddress` failures for one account from one address start growing
   * delays for that pair only (always on); `perAddress` failures from one address, whatever the
   * account, lock that address (only when rateLimits is on). Counts fade after `windowMs`, which
   * is also the longest delay.
   */
  loginLockout: {
    perAccountAddress: number;
    perAddress: number;
    /**
     * Failures of one account from every address together in the window, after which only
     * addresses that have logged in to it before may try it until the window lapses.
     */
    perAccount: number;
    windowMs: number;
  };
  /** Hours a newsletter confirmation link stays valid. */
  newsletterTokenTtlHours: number;
  /** Days an unsubscribe link keeps working after the mail that carried it was sent. */
  newsletterUnsubscribeDays: number;
  /** Background sending of newsletter issues. */
  newsletterSending: NewsletterSendingConfig;
  /**
   * Mail a stranger can cause (a receipt or confirmation link sent again, the contact form's
   * acknowledgement): one per entry or enquiry per `cooldownMs`, and at most `perHour` and
   * `perDay` of them to one mailbox.
   */
  mailLimits: MailLimitSettings;
  /**
   * Days personal data is kept: a giveaway's entrants after its claim period ends, enquiries
   * after they arrive, outbox mail after it was written.
   */
  retention: { entryDays: number; enquiryDays: number; outboxDays: number };
  /**
   * Redis shared by every server process for request limits and login failure counts; unset,
   * both live in this process's memory.
   */
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so several sites (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** How long a client may take over one request, its headers, or an idle connection (ms). */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; connectionMs: number };
  /** The site's content/ folder: published posts in blog/, categories.yaml. */
  contentDir: string;
  /** What publishing a draft does: write the file and rebuild the site here, or commit it to git. */
  publishMode: 'build' | 'git';
  /**
   * Shell command that builds the site aside (PUBLISH_MODE=build). It runs in PUBLISH_WORK_DIR
   * with PROJECT_DIR, CONTENT_DIR (a copy of the content) and SITE_BUILD_OUT set, and must leave
   * SITE_BUILD_OUT/public and SITE_BUILD_OUT/site-manifest.json; the server then switches to them.
   */
  siteBuildCommand: string;
  /**
   * Where publish builds run (a mirror of the project with a copy of CONTENT_DIR, Gatsby's cache
   * kept between builds). Never inside DATA_DIR: the build gets no path into it.
   */
  publishWorkDir: string;
  /**
   * `namespace` (default where the kernel allows it): each build runs in its own mount namespace
   * in which DATA_DIR is covered by an empty folder, so the build cannot read the secrets there.
   * `none`: the build runs as a plain child process (it still gets no path and no secret).
   */
  publishIsolation: 'auto' | 'namespace' | 'none';
  /** How often each process looks for scheduled drafts that are due (ms). */
  publishScheduleCheckMs: number;
  /** What the image service accepts and how it fetches a picture named by address. */
  images: ImageLimits;
  /** Connecting the owner's Instagram account (services/instagram/connection.ts). */
  instagram: InstagramSettings;
}

/** The latest Graph API version when this was written; FACEBOOK_GRAPH_URL names another. */
export const FACEBOOK_GRAPH_VERSION = 'v26.0';

export interface InstagramSettings {
  /**
   * The key that seals stored tokens (INSTAGRAM_TOKEN_KEY: 32 bytes as 64 hex digits or base64),
   * null while unset, and then no account can be connected; and the earlier keys still opening
   * older tokens (INSTAGRAM_TOKEN_KEY_PREVIOUS, comma-separated). See services/instagram/token.ts.
   */
  tokenKey: string | null;
  tokenKeyPrevious: string;
  /** Instagram API with Instagram Login (INSTAGRAM_GRAPH_URL), unversioned paths. */
  instagramGraphUrl: string;
  /** Instagram API with Facebook Login (FACEBOOK_GRAPH_URL without its version segment). */
  facebookGraphUrl: string;
  /** The version segment FACEBOOK_GRAPH_URL ends with ("v26.0"), or null for none. */
  facebookGraphVersion: string | null;
  /** The Meta app (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET), needed to renew a Facebook Login token. */
  app: { id: string; secret: string } | null;
  /** How often one process looks whether the token is due for renewal (ms). */
  refreshCheckMs: number;
}

export interface ImageLimits {
  /** Largest image file taken, uploaded or fetched (bytes). */
  maxBytes: number;
  /** Most pixels (width × height) an image may have; larger ones are refused before decoding. */
  maxPixels: number;
  /** Longest a fetch may take from the first connection to the last byte (ms). */
  fetchTimeoutMs: number;
  /** Redirects a fetch follows; each new address is checked again. */
  fetchMaxRedirects: number;
  /**
   * Test-only: lets a fetch reach this machine's loopback addresses (127.0.0.0/8, ::1), so tests
   * fetch from a local server. Every other private, link-local or reserved address stays refused.
   */
  fetchAllowLoopback: boolean;
}

export interface NewsletterSendingConfig {
  /** False in a process that must not send (NEWSLETTER_SENDER=off). */
  enabled: boolean;
  /** Mails per second, across this process's connections. */
  ratePerSecond: number;
  /** SMTP connections kept open in the pool. */
  connections: number;
  /** Recipients claimed at once. */
  batchSize: number;
  /** A claim not finished in this long is taken back and sent again (the crash recovery). */
  leaseMs: number;
  /** Delivery attempts before a temporary failure counts as failed. */
  maxAttempts: number;
  /** The first retry waits this long; each next one four times as long (at most six hours). */
  retryBaseMs: number;
  /** How often an idle sender looks for work. */
  pollMs: number;
}

/** Options for @fastify/rate-limit's per-route `config.rateLimit`. */
export interface RouteLimit {
  max: number;
  timeWindow: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Compiles of one account that may wait behind its one in flight, unless set otherwise. */
export const COMPILE_QUEUE_PER_ACCOUNT = 2;

/** Failed logins of one account that new networks may make in any hour, at most. */
export const ACCOUNT_GUESSES_PER_HOUR = 100;

/**
 * The default ceiling of failures per account and window. A full window of failures is followed
 * by a hold of one window, after which the count starts again, so bursts can start one window
 * apart: an hour, both ends included, can hold ⌊60 / minutes⌋ + 1 of them.
 */
export function defaultAccountCeiling(windowMinutes: number): number {
  const bursts = Math.floor(60 / windowMinutes) + 1;
  return Math.max(1, Math.floor(ACCOUNT_GUESSES_PER_HOUR / bursts));
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };

  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/site.db';
  if (!/^sqlite:/.test(databaseUrl) && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must start with "sqlite:" (e.g. sqlite:./data/site.db) or "postgres://" (got "${databaseUrl}").`,
    );
  }

  let trustProxy: Config['trustProxy'] = false;
  const rawProxy = env.TRUST_PROXY;
  if (rawProxy === 'true') trustProxy = true;
  else if (rawProxy && /^\d+$/.test(rawProxy)) {
    const hops = Number(rawProxy);
    trustProxy = (_address: string, hop: number) => hop < hops;
  } else if (rawProxy && rawProxy !== 'false') trustProxy = rawProxy;

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(
        `CORS_ORIGINS entries must look like https://example.com with no path (got "${origin}").`,
      );
    }
  }

  const rateLimitsRaw = (env.RATE_LIMITS ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(rateLimitsRaw))
    problems.push(`RATE_LIMITS must be "on" or "off" (got "${env.RATE_LIMITS}").`);

  const perMinute = (name: string, fallback: number): RouteLimit => ({
    max: int(name, fallback, 1, 100_000),
    timeWindow: 60_000,
  });
  const limits: Config['limits'] = {
    login: perMinute('RATE_LIMIT_LOGIN', 10),
    contact: perMinute('RATE_LIMIT_CONTACT', 5),
    newsletter: perMinute('RATE_LIMIT_NEWSLETTER', 5),
    participate: perMinute('RATE_LIMIT_PARTICIPATE', 10),
  };
  const accountLimits: Config['accountLimits'] = {
    preview: perMinute('RATE_LIMIT_PREVIEW', 60),
    testMail: perMinute('RATE_LIMIT_TEST_MAIL', 5),
    publish: { max: int('RATE_LIMIT_PUBLISH', 20, 1, 100_000), timeWindow: 3_600_000 },
    upload: perMinute('RATE_LIMIT_UPLOAD', 20),
    instagram: perMinute('RATE_LIMIT_INSTAGRAM', 10),
  };
  const compileTimeoutMs = int('COMPILE_TIMEOUT_SECONDS', 2, 1, 60) * 1000;
  const compileQueuePerAccount = int('COMPILE_QUEUE_PER_ACCOUNT', COMPILE_QUEUE_PER_ACCOUNT, 0, 50);
  const lockoutMinutes = int('LOGIN_LOCKOUT_MINUTES', 15, 1, 24 * 60);
  const loginLockout: Config['loginLockout'] = {
    perAccountAddress: int('LOGIN_MAX_FAILURES', 5, 1, 1000),
    perAddress: int('LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 100_000),
    perAccount: int(
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      defaultAccountCeiling(lockoutMinutes),
      1,
      100_000,
    ),
    windowMs: lockoutMinutes * 60_000,
  };
  const newsletterTokenTtlHours = int('NEWSLETTER_TOKEN_TTL_HOURS', 48, 1, 24 * 30);
  const newsletterUnsubscribeDays = int('NEWSLETTER_UNSUBSCRIBE_DAYS', 90, 1, 3650);
  const mailLimits: MailLimitSettings = {
    cooldownMs: int('MAIL_COOLDOWN_SECONDS', 120, 1, 24 * 3600) * 1000,
    perHour: int('MAIL_PER_ADDRESS_HOUR', 3, 1, 1000),
    perDay: int('MAIL_PER_ADDRESS_DAY', 6, 1, 10_000),
  };
  if (mailLimits.perDay < mailLimits.perHour)
    problems.push('MAIL_PER_ADDRESS_DAY must not be lower than MAIL_PER_ADDRESS_HOUR.');
  const retention: Config['retention'] = {
    entryDays: int('ENTRY_RETENTION_DAYS', 90, 1, 3650),
    enquiryDays: int('ENQUIRY_RETENTION_DAYS', 365, 1, 3650),
    outboxDays: int('OUTBOX_RETENTION_DAYS', 30, 1, 3650),
  };
  const senderSwitch = (env.NEWSLETTER_SENDER ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(senderSwitch))
    problems.push(`NEWSLETTER_SENDER must be "on" or "off" (got "${env.NEWSLETTER_SENDER}").`);
  const newsletterSending: NewsletterSendingConfig = {
    enabled: senderSwitch === 'on',
    ratePerSecond: int('NEWSLETTER_RATE', 20, 1, 100_000),
    connections: int('NEWSLETTER_CONNECTIONS', 3, 1, 50),
    batchSize: int('NEWSLETTER_BATCH', 50, 1, 5_000),
    leaseMs: int('NEWSLETTER_LEASE_SECONDS', 120, 1, 24 * 3600) * 1000,
    maxAttempts: int('NEWSLETTER_MAX_ATTEMPTS', 5, 1, 50),
    retryBaseMs: int('NEWSLETTER_RETRY_SECONDS', 60, 1, 24 * 3600) * 1000,
    pollMs: int('NEWSLETTER_POLL_MS', 2_000, 10, 600_000),
  };

  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    problems.push(`REDIS_URL must start with redis:// or rediss:// (got "${redisUrl}").`);
  const redisKeyPrefix = env.REDIS_KEY_PREFIX ?? 'agentworks:';
  if (!/^[A-Za-z0-9:_.-]{0,100}$/.test(redisKeyPrefix))
    problems.push(
      `REDIS_KEY_PREFIX may hold only letters, digits, ":", "_", "." and "-" (got "${redisKeyPrefix}").`,
    );

  const timeouts: Config['timeouts'] = {
    requestMs: int('REQUEST_TIMEOUT_SECONDS', 30, 1, 3600) * 1000,
    headersMs: int('HEADERS_TIMEOUT_SECONDS', 10, 1, 3600) * 1000,
    keepAliveMs: int('KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 3600) * 1000,
    connectionMs: int('CONNECTION_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
  };
  // Node refuses a headers timeout longer than the request timeout; say so in our words first.
  if (timeouts.headersMs > timeouts.requestMs)
    problems.push('HEADERS_TIMEOUT_SECONDS must not be longer than REQUEST_TIMEOUT_SECONDS.');

  const siteTimezone = env.SITE_TIMEZONE || 'UTC';
  if (!isValidTimezone(siteTimezone))
    problems.push(`SITE_TIMEZONE is not a known IANA time zone (got "${siteTimezone}").`);

  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) {
    problems.push(
      'JWT_SECRET must be at least 32 characters long; leave it unset to have one generated.',
    );
  }
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < 10) {
    problems.push('ADMIN_PASSWORD must be at least 10 characters long.');
  }

  const publishMode = env.PUBLISH_MODE || 'build';
  if (publishMode !== 'build' && publishMode !== 'git') {
    problems.push(`PUBLISH_MODE must be "build" or "git" (got "${publishMode}").`);
  }

  const port = int('PORT', 8000, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const publicUrl = (
    env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
  ).replace(/\/$/, '');
  if (!/^https?:\/\//.test(publicUrl))
    problems.push(`PUBLIC_URL must start with http:// or https:// (got "${publicUrl}").`);

  const publishIsolation = env.PUBLISH_ISOLATION || 'auto';
  if (!['auto', 'namespace', 'none'].includes(publishIsolation)) {
    problems.push(
      `PUBLISH_ISOLATION must be "auto", "namespace" or "none" (got "${publishIsolation}").`,
    );
  }
  const root = path.resolve(cwd);
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const publishWorkDir = path.resolve(root, env.PUBLISH_WORK_DIR || '.publish');
  if (publishWorkDir === dataDir || publishWorkDir.startsWith(`${dataDir}${path.sep}`)) {
    problems.push(
      `PUBLISH_WORK_DIR (${publishWorkDir}) must not be inside DATA_DIR (${dataDir}): publish builds must not reach the secrets kept there.`,
    );
  }

  const loopbackSwitch = (env.IMAGE_FETCH_ALLOW_LOOPBACK ?? 'off').toLowerCase();
  if (!['on', 'off'].includes(loopbackSwitch))
    problems.push(
      `IMAGE_FETCH_ALLOW_LOOPBACK must be "on" or "off" (got "${env.IMAGE_FETCH_ALLOW_LOOPBACK}").`,
    );
  const images: ImageLimits = {
    maxBytes: int('IMAGE_MAX_MB', 15, 1, 200) * 1024 * 1024,
    maxPixels: int('IMAGE_MAX_MEGAPIXELS', 40, 1, 268) * 1_000_000,
    fetchTimeoutMs: int('IMAGE_FETCH_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
    fetchMaxRedirects: int('IMAGE_FETCH_MAX_REDIRECTS', 3, 0, 10),
    fetchAllowLoopback: loopbackSwitch === 'on',
  };

  const instagram = instagramSettings(env, problems, int);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databaseUrl,
    dataDir,
    siteDir: path.resolve(root, env.SITE_DIR || 'public'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy,
    corsOrigins,
    rateLimits: rateLimitsRaw === 'on',
    jwtSecret: env.JWT_SECRET,
    jwtTtlSeconds: int('JWT_TTL_SECONDS', 8 * 60 * 60, 60, 30 * 24 * 60 * 60),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'AgentWorks <no-reply@agentworks.example>',
    ownerEmail: env.OWNER_EMAIL || undefined,
    publicUrl,
    siteTimezone,
    limits,
    accountLimits,
    compileTimeoutMs,
    compileQueuePerAccount,
    loginLockout,
    newsletterTokenTtlHours,
    newsletterUnsubscribeDays,
    newsletterSending,
    mailLimits,
    retention,
    redisUrl,
    redisKeyPrefix,
    timeouts,
    contentDir: path.resolve(root, env.CONTENT_DIR || 'content'),
    publishMode: publishMode === 'git' ? 'git' : 'build',
    siteBuildCommand: env.SITE_BUILD_COMMAND || 'node "$PROJECT_DIR/scripts/build-site-aside.mjs"',
    publishWorkDir,
    publishIsolation: publishIsolation as Config['publishIsolation'],
    publishScheduleCheckMs: int('PUBLISH_SCHEDULE_CHECK_SECONDS', 15, 1, 60) * 1000,
    images,
    instagram,
  };
}

/** The Instagram connection's settings; problems in them are added to `problems`. */
function instagramSettings(
  env: Env,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): InstagramSettings {
  const tokenKey = env.INSTAGRAM_TOKEN_KEY?.trim() || null;
  const tokenKeyPrevious = env.INSTAGRAM_TOKEN_KEY_PREVIOUS ?? '';
  // The same rule services/instagram/token.ts decodes keys by: 32 bytes, hex or base64.
  const isKey = (text: string) => {
    const t = text.trim();
    if (/^[0-9a-f]{64}$/i.test(t)) return true;
    return /^[A-Za-z0-9+/_-]{43}=?$/.test(t) && Buffer.from(t, 'base64').length === 32;
  };
  if (tokenKey !== null && !isKey(tokenKey)) {
    problems.push(
      'INSTAGRAM_TOKEN_KEY must hold 32 bytes as 64 hex digits or 44 base64 characters.',
    );
  }
  const previous = tokenKeyPrevious.split(',').filter((part) => part.trim() !== '');
  if (previous.some((part) => !isKey(part))) {
    problems.push(
      'INSTAGRAM_TOKEN_KEY_PREVIOUS must hold keys of 32 bytes (64 hex digits or 44 base64 characters), separated by commas.',
    );
  }
  if (tokenKey === null && previous.length > 0) {
    problems.push('INSTAGRAM_TOKEN_KEY_PREVIOUS is set without INSTAGRAM_TOKEN_KEY.');
  }
  const baseUrl = (name: string, fallback: string): string => {
    const value = (env[name] || fallback).replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value)) {
      problems.push(
        `${name} must be an http:// or https:// address without query (got "${value}").`,
      );
      return fallback;
    }
    return value;
  };
  const instagramGraphUrl = baseUrl('INSTAGRAM_GRAPH_URL', 'https://graph.instagram.com');
  const facebook = baseUrl(
    'FACEBOOK_GRAPH_URL',
    `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`,
  );
  const versioned = /^(.*)\/(v\d+\.\d+)$/.exec(facebook);
  const appId = env.FACEBOOK_APP_ID || '';
  const appSecret = env.FACEBOOK_APP_SECRET || '';
  if (appId !== '' && !/^\d{1,32}$/.test(appId)) problems.push('FACEBOOK_APP_ID must be digits.');
  if ((appId === '') !== (appSecret === '')) {
    problems.push('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together.');
  }
  return {
    tokenKey,
    tokenKeyPrevious,
    instagramGraphUrl,
    facebookGraphUrl: versioned ? versioned[1]! : facebook,
    facebookGraphVersion: versioned ? versioned[2]! : null,
    app: appId && appSecret ? { id: appId, secret: appSecret } : null,
    refreshCheckMs: int('INSTAGRAM_REFRESH_CHECK_MINUTES', 60, 1, 24 * 60) * 60_000,
  };
}
