import crypto from 'node:crypto';
import pg from 'pg';
import { connect } from '../../src/db/connect';
import { testDialect } from '../helpers/build';

/*
 * On PostgreSQL the server refuses to start when synchronous_commit is off, whether a database
 * setting or the connection's own options turn it off, before it migrates anything; it starts
 * with the other values. (SQLite's settings are checked the same way: durability.test.ts.)
 */

const onPostgres = testDialect() === 'postgres' ? test : test.skip;
let admin: pg.Pool | null = null;
const databases: string[] = [];

/** A fresh database, with `settings` applied to it as a database administrator would. */
async function freshDatabase(settings: string[] = []): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  admin ??= new pg.Pool({ connectionString: base, max: 1 });
  const name = `durability_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  databases.push(name);
  for (const setting of settings) await admin.query(`alter database ${name} set ${setting}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function tables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (!admin) return;
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const REFUSAL =
  /^PostgreSQL runs this connection with synchronous_commit=off, so a change the site has answered as saved could be lost in a crash; set it to on .* and start again\.$/;

onPostgres(
  'a database with synchronous_commit off is refused, with one sentence, before any migration',
  async () => {
    const url = await freshDatabase(['synchronous_commit = off']);
    await expect(connect(url)).rejects.toThrow(REFUSAL);
    expect(await tables(url)).toEqual([]);
  },
);

onPostgres('synchronous_commit turned off in the connection options is refused too', async () => {
  const url = new URL(await freshDatabase());
  url.searchParams.set('options', '-c synchronous_commit=off');
  await expect(connect(url.toString())).rejects.toThrow(REFUSAL);
});

onPostgres('on, local and the other durable values start', async () => {
  for (const value of ['on', 'local', 'remote_write']) {
    const url = await freshDatabase([`synchronous_commit = ${value}`]);
    const connection = await connect(url);
    try {
      expect(connection.migrated.length).toBeGreaterThan(5);
    } finally {
      await connection.close();
    }
  }
});
