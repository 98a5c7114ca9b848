import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { createUser } from '../src/services/accounts';
import { testDialect } from './helpers/build';
import { deliveredText } from './helpers/delivered-mail';

test('request logs carry no e-mail addresses, passwords or tokens', async () => {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-log-test-'));
  const schema =
    testDialect() === 'postgres' ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'public'),
    DATABASE_URL: schema ? (process.env.TEST_DATABASE_URL as string) : 'sqlite::memory:',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  });
  const connection = await connect(config.databaseUrl, process.cwd(), { schema });
  const app = await buildApp({
    config,
    connection,
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    await createUser(app.db, 'logger', 'secret-password-9', 'admin');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: form,
      payload: 'username=logger&password=wrong-password-7',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: form,
      payload: 'username=logger&password=secret-password-9',
    });
    const token = login.json().access_token as string;
    await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { name: 'Ada', email: 'ada.secret@example.com', message: 'hi' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email: 'reader.secret@example.com' },
    });
    const mailed = await deliveredText(app.db, 'reader.secret@example.com');
    const confirmToken = /confirm\?token=(\S+)/.exec(mailed)?.[1] as string;
    await app.inject({ method: 'GET', url: `/api/v1/newsletter/confirm?token=${confirmToken}` });

    const log = lines.join('');
    expect(log).toContain('/api/v1/newsletter/confirm?token=[redacted]');
    for (const secret of [
      'secret-password-9',
      'wrong-password-7',
      token,
      confirmToken,
      'ada.secret@example.com',
      'reader.secret@example.com',
    ]) {
      expect(log).not.toContain(secret);
    }
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
