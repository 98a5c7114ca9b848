import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import { createBackup } from '../../src/services/backup';
import { testDialect, userWithToken } from '../helpers/build';
import { startInstagramStandIn } from '../helpers/instagram-stand-in';

/**
 * A backup of a site with a connected Instagram account (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the database goes whole into the archive, so the connection's row is in it,
 * but only with the sealed token; the token's plain text is nowhere in the archive's files.
 */

const TOKEN = 'IGAAbackup-test-owner-token-0123456789abcdef';
const dialect = testDialect();
let work: string;
let adminPool: pg.Pool | null = null;
let database: string | null = null;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-ig-'));
});

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (adminPool) {
    if (database) await adminPool.query(`drop database if exists ${database}`);
    await adminPool.end();
  }
});

async function databaseUrl(): Promise<string> {
  if (dialect === 'sqlite') return `sqlite:${path.join(work, 'site', 'data', 'site.db')}`;
  const base = process.env.TEST_DATABASE_URL as string;
  adminPool = new pg.Pool({ connectionString: base, max: 1 });
  database = `backup_ig_${crypto.randomBytes(5).toString('hex')}`;
  await adminPool.query(`create database ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : entry.isFile() ? [full] : [];
  });
}

test('the backup holds the sealed token only', async () => {
  const platform = await startInstagramStandIn({
    token: TOKEN,
    mediaId: '1',
    comments: [],
    account: { id: '17841400000000001', username: 'owner.shop' },
  });
  const site = path.join(work, 'site');
  fs.mkdirSync(path.join(site, 'content'), { recursive: true });
  const env = {
    DATABASE_URL: await databaseUrl(),
    DATA_DIR: path.join(site, 'data'),
    CONTENT_DIR: path.join(site, 'content'),
    SITE_DIR: path.join(site, 'public'),
    PUBLISH_WORK_DIR: path.join(site, 'publish'),
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    INSTAGRAM_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
    INSTAGRAM_GRAPH_URL: platform.url,
  };
  const config = loadConfig(env);
  const connection = await connect(config.databaseUrl);
  const app = await buildApp({ config, connection });
  let sealed: string;
  try {
    await app.ready();
    const admin = await userWithToken(app, 'admin');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/instagram/connection',
      headers: { authorization: admin.authorization },
      payload: { login: 'instagram', token: TOKEN },
    });
    expect(res.statusCode).toBe(200);
    const row = await app.db
      .selectFrom('instagram_connection')
      .select('sealed_token')
      .executeTakeFirstOrThrow();
    sealed = row.sealed_token;
  } finally {
    await app.close();
    await platform.close();
  }

  const archive = path.join(work, 'backup.tar.gz');
  await createBackup(config, archive);
  const out = path.join(work, 'unpacked');
  fs.mkdirSync(out);
  const tar = spawnSync('tar', ['-xzf', archive, '-C', out], { encoding: 'utf8' });
  expect(tar.status).toBe(0);
  const contents = files(out).map((file) => fs.readFileSync(file));
  // The row is in the backup, with its sealed token…
  expect(contents.some((bytes) => bytes.includes(sealed))).toBe(true);
  // …and the token's plain text is in no file of it.
  for (const bytes of contents) {
    expect(bytes.includes(TOKEN)).toBe(false);
    expect(bytes.includes(Buffer.from(TOKEN, 'utf16le'))).toBe(false);
  }
}, 60_000);
