import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import chromiumFlags from './scripts/chromium-flags.json';

const port = Number(process.env.E2E_PORT ?? 8123);
const baseURL = `http://127.0.0.1:${port}`;
/** The main server's data folder (its SQLite database), for specs that add accounts with the CLI. */
export const e2eDataDir = path.join(os.tmpdir(), `site-e2e-${port}`);
const dataDir = e2eDataDir;

/** The main e2e server's SQLite file: specs that must make time pass (claim deadlines) edit it. */
export const e2eDatabaseFile = path.join(dataDir, 'site.db');

/**
 * A server of its own for specs that publish: each publish rebuilds and switches the served site,
 * so such a spec gets its own server, database and copy of content/; the other specs keep seeing
 * the bundled posts, and one publishing spec's content never breaks another's build.
 */
function publishingE2e(name: string, ownPort: number) {
  return {
    port: ownPort,
    baseURL: `http://127.0.0.1:${ownPort}`,
    dataDir: path.join(os.tmpdir(), `site-e2e-${name}-${ownPort}`),
    // Where its builds run (outside its data folder, as the server requires). Each server has its
    // own: two servers building in one folder at once break each other's build.
    workDir: path.join(os.tmpdir(), `site-e2e-${name}-${ownPort}-publish`),
  };
}

/** For e2e/editor.spec.ts. (port + 2 is the corpus build's server, see e2e/corpus-site.ts.) */
export const editorE2e = publishingE2e('editor', port + 1);
/** For e2e/staff.spec.ts, where an invited editor publishes a post. */
export const staffE2e = publishingE2e('staff', port + 3);
/** For e2e/schedule.spec.ts, where a scheduled draft publishes itself. */
export const scheduleE2e = publishingE2e('schedule', port + 4);
/**
 * For specs whose flows need mail to leave (confirmed entries): a server with a mail server set,
 * whose SMTP sink the spec itself listens with on `mailE2eSmtpPort`.
 */
export const mailE2e = publishingE2e('mail', port + 5);
export const mailE2eSmtpPort = port + 6;
/** For e2e/post-cover.spec.ts, whose publish waits for its real rebuild. */
export const coverE2e = publishingE2e('cover', port + 8);

/** Debian's Chromium with the flags this machine needs (no downloaded browsers here). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
};

/**
 * Playwright's request context keeps idle sockets and reuses them without reading the server's
 * `Keep-Alive: timeout` hint. A request sent just as the server closes such a socket fails with
 * "socket hang up". The test servers therefore keep idle connections longer than any test runs,
 * so the client is always the side that closes. Production keeps its short defaults.
 */
const longIdleConnections = {
  KEEP_ALIVE_TIMEOUT_SECONDS: '3600',
  CONNECTION_TIMEOUT_SECONDS: '3600',
};

export const e2eAdmin = { username: 'admin', password: 'e2e-admin-password-123' };

/** The server of a publishing spec: a fresh database and content copy, rebuilds on publish. */
function publishingWebServer(
  server: ReturnType<typeof publishingE2e>,
  env: Record<string, string> = {},
) {
  return {
    command: `rm -rf ${server.dataDir} ${server.workDir} && mkdir -p ${server.dataDir} && cp -r content ${server.dataDir}/content && node server/dist/server.js`,
    url: `${server.baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${server.dataDir}/site.db`,
      DATA_DIR: server.dataDir,
      CONTENT_DIR: `${server.dataDir}/content`,
      PUBLISH_MODE: 'build',
      PUBLISH_WORK_DIR: server.workDir,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: server.baseURL,
      ...longIdleConnections,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  // The proxy and several-process spec has its own config (npm run test:e2e:ops).
  testIgnore: ['operations/**'],
  outputDir: 'test-results',
  // Many flows log in, create a giveaway and mail through the outbox CLI: on a busy 2-core machine
  // a sound run of one has taken 30 s, so a test is given a minute before it counts as hung.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  // On CI a test that fails is run once more and, if it then passes, reported as flaky (the
  // runner's summary names it) rather than failing the whole run; locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // A fresh database every run; the site must already be built (npm run test:e2e builds it).
      command: `rm -rf ${dataDir} ${dataDir}-publish && node server/dist/server.js`,
      url: `${baseURL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${dataDir}/site.db`,
        DATA_DIR: dataDir,
        // Its own, like the publishing servers': a build started here never shares a folder.
        PUBLISH_WORK_DIR: `${dataDir}-publish`,
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        // Test-only: prize pictures given by address are fetched from this server itself
        // (/og-image.png) or from a spec's own server, all on 127.0.0.1.
        IMAGE_FETCH_ALLOW_LOOPBACK: 'on',
        ...longIdleConnections,
      },
    },
    publishingWebServer(editorE2e),
    publishingWebServer(staffE2e),
    // A zone other than UTC, so the screens' times are visibly on the site's clock.
    publishingWebServer(scheduleE2e, {
      SITE_TIMEZONE: 'Europe/Berlin',
      PUBLISH_SCHEDULE_CHECK_SECONDS: '5',
    }),
    publishingWebServer(mailE2e, { SMTP_URL: `smtp://127.0.0.1:${mailE2eSmtpPort}` }),
    publishingWebServer(coverE2e),
  ],
});
