import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect';
import { createBackup } from '../../src/services/backup';
import { testDialect } from '../helpers/build';
import {
  createGiveaway,
  enter,
  setup,
  type GiveawayTestContext,
} from '../routes/v1/giveaways/fixtures';

/*
 * The SQLite file holds personal data: it and its -wal and -shm are for the server's user only
 * (0600, whatever the umask), and what an erasure removes is overwritten in the file
 * (secure_delete), not just unlinked from the tree, so neither the file nor a later backup holds
 * a copy of it.
 */

const onSqlite = testDialect() === 'sqlite' ? test : test.skip;
let dir: string;
let umask: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-sqlite-files-'));
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** How many times `text` occurs in a file's raw bytes, letter case ignored. */
function copies(file: string, text: string): number {
  if (!fs.existsSync(file)) return 0;
  const bytes = fs.readFileSync(file).toString('latin1').toLowerCase();
  return bytes.split(text.toLowerCase()).length - 1;
}

onSqlite('the database, its WAL and shared-memory files are created 0600', async () => {
  const file = path.join(dir, 'data', 'site.db');
  const connection = await connect(`sqlite:${file}`);
  try {
    // A write, so the WAL has frames.
    await sql`insert into outbox (to_address, subject, text_body, headers, reason, created_at)
      values ('a@x.example', 's', 't', '{}', 'no-smtp', '2026-01-01')`.execute(connection.db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    expect({
      db: mode(file),
      wal: mode(`${file}-wal`),
      shm: mode(`${file}-shm`),
      lock: mode(`${file}.migration-lock`),
    }).toEqual({ db: 0o600, wal: 0o600, shm: 0o600, lock: 0o600 });
  } finally {
    await connection.close();
  }
});

onSqlite('a database file left readable by others is narrowed to 0600 at start', async () => {
  const file = path.join(dir, 'site.db');
  const old = new SqliteDatabase(file);
  old.exec('create table t (x)');
  old.close();
  fs.chmodSync(file, 0o644);
  const connection = await connect(`sqlite:${file}`);
  try {
    expect(mode(file)).toBe(0o600);
    expect(
      (await sql<{ secure_delete: number }>`pragma secure_delete`.execute(connection.db)).rows[0],
    ).toEqual({ secure_delete: 1 });
  } finally {
    await connection.close();
  }
});

describe('an erased address', () => {
  const GONE = 'Erase.Me@Gone.example';
  const KEPT = 'keep.me@kept.example';
  let t: GiveawayTestContext;
  let file: string;
  beforeEach(async () => {
    file = path.join(dir, 'data', 'site.db');
    if (testDialect() !== 'sqlite') return;
    t = await setup({
      SMTP_URL: '',
      OWNER_EMAIL: 'owner@agentworks.example',
      DATABASE_URL: `sqlite:${file}`,
    });
  });
  afterEach(async () => {
    if (testDialect() === 'sqlite') await t.close();
  });

  /** Everything the site keeps about a person: enquiry (and its notice), subscription, entries. */
  async function footprint(email: string, handle: string, giveaways: number[]) {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { name: handle, email, message: `A long message from ${email}. `.repeat(40) },
    });
    expect(contact.statusCode).toBe(200);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email },
    });
    expect(sub.statusCode).toBe(200);
    for (const id of giveaways)
      expect((await enter(t.app, id, email, handle)).statusCode).toBe(200);
  }

  onSqlite(
    'leaves no copy in site.db or its WAL after a checkpoint, nor in a later backup',
    async () => {
      const open = await createGiveaway(t.app, t.admin);
      const closed = await createGiveaway(t.app, t.admin);
      await footprint(GONE, 'gone', [open.id, closed.id]);
      await footprint(KEPT, 'kept', [open.id, closed.id]);
      // Entries of a giveaway with a frozen list keep their row, with the address replaced.
      const frozen = await t.app.inject({
        method: 'POST',
        url: `/api/v1/giveaway/${closed.id}/close`,
        headers: { authorization: t.admin },
      });
      expect(frozen.statusCode).toBe(200);
      // Everything on disk in the main file, then more changes in the WAL.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.app.db);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: { name: 'gone', email: GONE, message: `Again from ${GONE}. `.repeat(40) },
      });
      expect(again.statusCode).toBe(200);
      expect(copies(file, GONE)).toBeGreaterThan(0);
      expect(copies(`${file}-wal`, GONE)).toBeGreaterThan(0);

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/v1/personal-data/erase',
        headers: { authorization: t.admin },
        payload: { email: GONE },
      });
      expect(erased.statusCode).toBe(200);
      expect(erased.json()).toMatchObject({
        enquiries: 2,
        subscriptions: 1,
        giveaway_entries_deleted: 1,
        giveaway_entries_anonymised: 1,
        // The subscription's confirmation, and each enquiry's notification and acknowledgement.
        mail: 5,
      });
      // The erasure itself checkpoints and cuts the WAL back: nothing is left even before the
      // next checkpoint.
      expect({ db: copies(file, GONE), wal: copies(`${file}-wal`, GONE) }).toEqual({
        db: 0,
        wal: 0,
      });
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.app.db);
      expect({ db: copies(file, GONE), wal: copies(`${file}-wal`, GONE) }).toEqual({
        db: 0,
        wal: 0,
      });
      // The scan does find what is still held.
      expect(copies(file, KEPT)).toBeGreaterThan(0);

      const archive = path.join(dir, 'after-erasure.tar.gz');
      await createBackup(t.config, archive);
      const tar = zlib.gunzipSync(fs.readFileSync(archive)).toString('latin1').toLowerCase();
      expect(tar.split(GONE.toLowerCase()).length - 1).toBe(0);
      expect(tar.split(KEPT.toLowerCase()).length - 1).toBeGreaterThan(0);
    },
  );
});
