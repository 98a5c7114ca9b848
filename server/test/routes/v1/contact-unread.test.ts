import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';

const enquiry = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  message: 'We would like an agent that answers support e-mails.',
});

describe('the inbox unread count', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await buildTestApp({ OWNER_EMAIL: 'owner@agentworks.example', RATE_LIMIT_CONTACT: '1000' });
    admin = (await userWithToken(t.app, 'admin')).authorization;
    editor = (await userWithToken(t.app, 'editor')).authorization;
  });
  afterAll(() => t.close());

  const unread = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/unread',
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { unread: number }).unread;
  };
  const mark = (id: number | string, payload: unknown, authorization = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/contact/${id}/read`,
      headers: { authorization },
      payload: payload as object,
    });
  const list = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/contact/',
        headers: { authorization: admin },
      })
    ).json().items as { id: number; name: string; read_at: string | null }[];

  test('counts new enquiries as unread until an admin marks them read, and back', async () => {
    const before = await unread();
    for (const name of ['Ada', 'Grace', 'Alan']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: enquiry(name),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await unread()).toBe(before + 3);
    const items = await list();
    const ada = items.find((item) => item.name === 'Ada');
    expect(ada?.read_at).toBeNull();

    const read = await mark(ada?.id ?? 0, { read: true });
    expect(read.statusCode).toBe(200);
    const body = read.json() as { enquiry: { id: number; read_at: string }; unread: number };
    expect(body.unread).toBe(before + 2);
    expect(body.enquiry.id).toBe(ada?.id);
    expect(Date.parse(body.enquiry.read_at)).not.toBeNaN();
    expect(await unread()).toBe(before + 2);

    // Marking it read again keeps the first time and counts nothing twice.
    const again = await mark(ada?.id ?? 0, { read: true });
    expect(again.json()).toMatchObject({
      enquiry: { read_at: body.enquiry.read_at },
      unread: before + 2,
    });

    const back = await mark(ada?.id ?? 0, { read: false });
    expect(back.json()).toMatchObject({ enquiry: { read_at: null }, unread: before + 3 });
    expect((await list()).find((item) => item.name === 'Ada')?.read_at).toBeNull();
  });

  test('admins only; bad ids and bodies are 4xx with a detail', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/contact/unread' });
    expect(anonymous.statusCode).toBe(401);
    const asEditor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/unread',
      headers: { authorization: editor },
    });
    expect(asEditor.statusCode).toBe(403);
    expect((await mark(1, { read: true }, editor)).statusCode).toBe(403);

    const missing = await mark(999999, { read: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toMatch(/no such enquiry/);
    for (const [id, payload] of [
      ['abc', { read: true }],
      ['0', { read: true }],
      ['1', { read: 'yes' }],
      ['1', {}],
      ['1', { read: true, extra: 1 }],
    ] as const) {
      const res = await mark(id, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  test('an erased sender’s enquiries leave the count', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: enquiry('Erin') });
    const before = await unread();
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/personal-data/erase',
      headers: { authorization: admin },
      payload: { email: 'erin@example.com' },
    });
    expect(erased.statusCode).toBe(200);
    expect(await unread()).toBe(before - 1);
  });
});
