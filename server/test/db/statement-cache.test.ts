import SqliteDatabase from 'better-sqlite3';
import { cachingStatements } from '../../src/db/statement-cache';

function counting() {
  const sqlite = new SqliteDatabase(':memory:');
  let prepared = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared++;
    return prepare(sql);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared: () => prepared };
}

test('one prepared statement per SQL text, reused with fresh parameters', () => {
  const { sqlite, prepared } = counting();
  const db = cachingStatements(sqlite);
  db.prepare('create table t (n integer)').run([]);
  const insert = 'insert into t (n) values (?)';
  for (const n of [1, 2, 3]) db.prepare(insert).run([n]);
  expect(db.prepare('select n from t where n >= ? order by n').all([2])).toEqual([
    { n: 2 },
    { n: 3 },
  ]);
  expect(db.prepare('select n from t where n >= ? order by n').all([3])).toEqual([{ n: 3 }]);
  expect(prepared()).toBe(3);
  db.close();
});

test('beyond its capacity the least recently used statement is dropped', () => {
  const { sqlite, prepared } = counting();
  const db = cachingStatements(sqlite, 2);
  db.prepare('select 1').all([]);
  db.prepare('select 2').all([]);
  db.prepare('select 1').all([]); // 1 is now the most recent
  db.prepare('select 3').all([]); // evicts 2
  expect(prepared()).toBe(3);
  db.prepare('select 1').all([]);
  expect(prepared()).toBe(3);
  db.prepare('select 2').all([]);
  expect(prepared()).toBe(4);
  db.close();
});

test('clearStatements prepares afresh, e.g. after a schema change', () => {
  const { sqlite, prepared } = counting();
  const db = cachingStatements(sqlite);
  db.prepare('select 1').all([]);
  db.clearStatements();
  db.prepare('select 1').all([]);
  expect(prepared()).toBe(2);
  db.close();
});
