import { defineConfig } from '@playwright/test';
import chromiumFlags from '../../scripts/chromium-flags.json';

/**
 * The operations e2e (`npm run test:e2e:ops`): nginx from Debian's package running the
 * configuration in docs/operations.md, in front of two server processes on one PostgreSQL
 * database and one Redis. The spec starts and stops everything itself, on loopback ports from
 * E2E_OPS_PORT (default 8400) up.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/operations',
  // One site publish runs a real Gatsby build of the site (minutes on a busy 2-core machine).
  timeout: 15 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
    trace: 'retain-on-failure',
  },
});
