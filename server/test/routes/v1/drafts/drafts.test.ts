import fs from 'node:fs';
import path from 'node:path';
import type { Draft, DraftDeletionListResponse, DraftListResponse } from '@site/contracts';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';
import { DRAFT, makeContentDir } from './fixtures';

let t: TestApp;
let content: ReturnType<typeof makeContentDir>;
let editor: { username: string; authorization: string };
let admin: { username: string; authorization: string };

beforeAll(async () => {
  content = makeContentDir();
  t = await buildTestApp({ CONTENT_DIR: content.dir });
  editor = await userWithToken(t.app, 'editor');
  admin = await userWithToken(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
  content.remove();
});
afterEach(async () => {
  await t.app.db.deleteFrom('drafts').execute();
});

async function create(body: object, who = editor) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/drafts',
    headers: { authorization: who.authorization },
    payload: body,
  });
}

describe('who may use drafts', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/drafts'],
    ['POST', '/api/v1/drafts'],
    ['GET', '/api/v1/drafts/1'],
    ['PUT', '/api/v1/drafts/1'],
    ['DELETE', '/api/v1/drafts/1'],
    ['GET', '/api/v1/drafts/deletions'],
  ];

  test.each(routes)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      ...(method === 'POST' || method === 'PUT' ? { payload: DRAFT } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });

  test.each(routes)('%s %s answers 401 with a forged token', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: 'Bearer not.a.token' },
      ...(method === 'POST' || method === 'PUT' ? { payload: DRAFT } : {}),
    });
    expect(res.statusCode).toBe(401);
  });

  test('admins and editors both may create, read, list, update and delete', async () => {
    for (const who of [admin, editor]) {
      const created = await create({ ...DRAFT, title: `By ${who.username}` }, who);
      expect(created.statusCode).toBe(201);
      const { id } = created.json<Draft>();
      const headers = { authorization: who.authorization };
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/drafts/${id}`, headers })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/drafts', headers })).statusCode,
      ).toBe(200);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/drafts/${id}`,
        headers,
        payload: { ...DRAFT, title: 'Changed' },
      });
      expect(put.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/v1/drafts/${id}`, headers })).statusCode,
      ).toBe(200);
    }
  });
});

describe('drafts', () => {
  test('create stores the fields, derives the slug and records the author and time', async () => {
    const res = await create(DRAFT);
    expect(res.statusCode).toBe(201);
    const draft = res.json<Draft>();
    expect(draft).toEqual({
      ...DRAFT,
      cover: '',
      cover_alt: '',
      id: expect.any(Number),
      slug: 'tables-and-code-a-field-guide',
      created_by: editor.username,
      updated_by: editor.username,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: draft.created_at,
      problems: [],
      replaces_slug: null,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/drafts/${draft.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(read.json()).toEqual(draft);
  });

  test('who started a draft and who saved it last come from the sessions, for admins to see', async () => {
    const draft = (await create(DRAFT)).json<Draft>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${draft.id}`,
      headers: { authorization: admin.authorization },
      payload: { ...DRAFT, body: 'Edited by the admin.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ created_by: editor.username, updated_by: admin.username });
    const one = await t.app.inject({
      url: `/api/v1/drafts/${draft.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(one.json()).toMatchObject({ created_by: editor.username, updated_by: admin.username });
    const list = await t.app.inject({
      url: '/api/v1/drafts',
      headers: { authorization: admin.authorization },
    });
    expect(list.json<DraftListResponse>().items).toEqual([
      expect.objectContaining({
        id: draft.id,
        created_by: editor.username,
        updated_by: admin.username,
      }),
    ]);
    // The client cannot name them.
    for (const field of ['created_by', 'updated_by']) {
      const forged = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/drafts/${draft.id}`,
        headers: { authorization: editor.authorization },
        payload: { ...DRAFT, [field]: 'someone-else' },
      });
      expect([field, forged.statusCode]).toEqual([field, 400]);
    }
  });

  test('a half-written draft is kept and lists what is missing before it can be published', async () => {
    const res = await create({
      ...DRAFT,
      title: '',
      description: '',
      category: '',
      series: 'Guides',
    });
    expect(res.statusCode).toBe(201);
    const draft = res.json<Draft>();
    expect(draft.slug).toBe('');
    expect(draft.problems.map((p) => p.field).sort()).toEqual([
      'category',
      'description',
      'series_order',
      'slug',
      'title',
    ]);
  });

  test('a value that is present and breaks the build rules is refused with field errors', async () => {
    const res = await create({
      ...DRAFT,
      slug: 'Not A Slug',
      category: 'cooking',
      tags: ['a\nb'],
      body: 'Fine line.\nA bell \u0007 here.',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toMatch(/^Please check the draft: /);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'body',
      'category',
      'slug',
      'tags',
    ]);
    expect(body.errors).toContainEqual({
      field: 'body',
      message: 'line 2 contains an invisible control character; delete it and type the text again.',
    });
    expect(await t.app.db.selectFrom('drafts').select('id').execute()).toEqual([]);
  });

  test('a place in a series that a published post holds is refused, naming that post', async () => {
    const file = path.join(content.dir, 'blog', 'guides-one.md');
    fs.writeFileSync(
      file,
      '---\ntitle: "Guides, part one"\nslug: guides-one\ndescription: "x"\ndate: 2025-01-01\ncategory: foundation\nseries: Guides\nseries_order: 1\n---\n\nHi.\n',
    );
    try {
      const taken = await create({ ...DRAFT, series: 'Guides', series_order: 1 });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toContainEqual({
        field: 'series_order',
        message:
          '1 is already taken in the series "Guides" by the published post "Guides, part one"; choose another number.',
      });
      expect((await create({ ...DRAFT, series: 'Guides', series_order: 2 })).statusCode).toBe(201);
    } finally {
      fs.rmSync(file);
    }
  });

  test('the body shape is checked: unknown fields and wrong types are 400', async () => {
    expect((await create({ ...DRAFT, date: '2025-01-01' })).statusCode).toBe(400);
    expect((await create({ ...DRAFT, series_order: 0 })).statusCode).toBe(400);
    expect((await create({ ...DRAFT, tags: 'one' })).statusCode).toBe(400);
  });

  test('a chosen slug may not collide with a published post or another draft (409)', async () => {
    const published = await create({ ...DRAFT, slug: 'already-out' });
    expect(published.statusCode).toBe(409);
    expect(published.json()).toEqual({
      detail: expect.stringContaining('already-out'),
      errors: [{ field: 'slug', message: expect.stringContaining('published post') }],
    });
    // The file name counts too: the build would serve it under that name if its front matter broke.
    expect((await create({ ...DRAFT, slug: 'published-file-name' })).statusCode).toBe(409);
    expect((await create({ ...DRAFT, slug: 'new' })).statusCode).toBe(409);

    expect((await create({ ...DRAFT, slug: 'mine' })).statusCode).toBe(201);
    expect((await create({ ...DRAFT, slug: 'mine' })).statusCode).toBe(409);
  });

  test('a derived slug steps around taken ones', async () => {
    const first = (await create({ ...DRAFT, title: 'Already Out' })).json<Draft>();
    expect(first.slug).toBe('already-out-2');
    const second = (await create({ ...DRAFT, title: 'Already out!' })).json<Draft>();
    expect(second.slug).toBe('already-out-3');
  });

  test('saving keeps the draft its own slug, and an edited slug is checked', async () => {
    const a = (await create(DRAFT)).json<Draft>();
    const b = (await create({ ...DRAFT, title: 'Other' })).json<Draft>();
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${a.id}`,
      headers: { authorization: editor.authorization },
      payload: { ...DRAFT, slug: a.slug, body: 'New body' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<Draft>()).toMatchObject({ slug: a.slug, body: 'New body' });
    expect(same.json<Draft>().updated_at >= a.updated_at).toBe(true);

    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${b.id}`,
      headers: { authorization: editor.authorization },
      payload: { ...DRAFT, slug: a.slug },
    });
    expect(clash.statusCode).toBe(409);
  });

  test("an editor deleting an admin's draft is on record: who, when and the title", async () => {
    const created = await create({ ...DRAFT, title: 'The admin’s plan' }, admin);
    const { id, slug } = created.json<Draft>();
    const before = Date.now();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/drafts/${id}`,
      headers: { authorization: editor.authorization },
    });
    expect(res.statusCode).toBe(200);
    // A second delete finds nothing and records nothing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/drafts/${id}`,
      headers: { authorization: editor.authorization },
    });
    expect(again.statusCode).toBe(404);
    for (const who of [admin, editor]) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/drafts/deletions',
        headers: { authorization: who.authorization },
      });
      expect(list.statusCode).toBe(200);
      const mine = list.json<DraftDeletionListResponse>().items.filter((d) => d.draft_id === id);
      expect(mine).toEqual([
        {
          id: expect.any(Number),
          draft_id: id,
          title: 'The admin’s plan',
          slug,
          created_by: admin.username,
          deleted_by: editor.username,
          deleted_at: expect.any(String),
        },
      ]);
      const when = Date.parse(mine[0]?.deleted_at ?? '');
      expect(when).toBeGreaterThanOrEqual(before - 1000);
      expect(when).toBeLessThanOrEqual(Date.now());
    }
  });

  test('the deletion record lists the newest first', async () => {
    const ids: number[] = [];
    for (const title of ['First to go', 'Second to go']) {
      const { id } = (await create({ ...DRAFT, title })).json<Draft>();
      ids.push(id);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/drafts/${id}`,
        headers: { authorization: editor.authorization },
      });
    }
    const items = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/drafts/deletions',
        headers: { authorization: editor.authorization },
      })
    ).json<DraftDeletionListResponse>().items;
    expect(items.slice(0, 2).map((d) => d.title)).toEqual(['Second to go', 'First to go']);
  });

  test('unknown drafts are 404 with a sentence; bad ids are 400', async () => {
    const headers = { authorization: editor.authorization };
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/drafts/999', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toMatch(/no draft 999/);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/drafts/999',
      headers,
      payload: DRAFT,
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/drafts/abc', headers })).statusCode,
    ).toBe(400);
  });

  test('the list shows every draft, last edited first, with readiness', async () => {
    const older = (await create({ ...DRAFT, title: 'Older' })).json<Draft>();
    await create({ ...DRAFT, title: 'Newer', description: '' }, admin);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/drafts?per_page=10',
      headers: { authorization: editor.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<DraftListResponse>()).toEqual({
      page: 1,
      per_page: 10,
      total: 2,
      items: [
        expect.objectContaining({ title: 'Newer', created_by: admin.username, ready: false }),
        {
          id: older.id,
          title: 'Older',
          slug: 'older',
          category: 'engineering',
          created_by: editor.username,
          updated_by: editor.username,
          updated_at: older.updated_at,
          ready: true,
          replaces_slug: null,
        },
      ],
    });
  });
});
