import { buildTestApp, type TestApp } from '../../helpers/build';

/*
 * The blog's drawn-page data on a server whose site is not built yet: nothing was published
 * after a build that does not exist, so both addresses answer 404, never a 500.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('/blog-changes/list answers 404 when the site is not built', async () => {
  const res = await t.app.inject({ url: '/api/v1/blog-changes/list?q=%E9%82%91&page=x' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ detail: 'The served site is up to date.' });
});

test('/blog-changes/posts/{slug} answers 404 when the site is not built', async () => {
  const res = await t.app.inject({ url: '/api/v1/blog-changes/posts/some-post' });
  expect(res.statusCode).toBe(404);
  expect(typeof (res.json() as { detail?: unknown }).detail).toBe('string');
});

test('/blog-changes/latest answers 404 when the site is not built', async () => {
  const res = await t.app.inject({ url: '/api/v1/blog-changes/latest' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ detail: 'The served site is up to date.' });
});
