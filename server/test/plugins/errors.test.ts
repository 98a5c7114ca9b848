import { sql } from 'kysely';
import { buildTestApp, userWithToken } from '../helpers/build';

test('a database error answers 500 {"detail"} with no SQL, table names or stack in the body', async () => {
  const t = await buildTestApp();
  try {
    const admin = (await userWithToken(t.app, 'admin')).authorization;
    await sql`drop table contact_enquiries`.execute(t.app.db);

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/',
      headers: { authorization: admin },
    });
    for (const res of [write, read]) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        detail: 'Something went wrong on our side. Please try again in a moment.',
      });
      expect(res.body).not.toMatch(/contact_enquiries|select|insert|sqlite|relation|\bat\s/i);
    }
  } finally {
    await t.close();
  }
});
