import type { Draft, DraftPreviewRequest } from '@site/contracts';
import { previewMarkdown } from '@site/pipeline';
import { useStaticQuery } from 'gatsby';
import { http, HttpResponse } from 'msw';
import { API, type setupApiServer } from '@/testing/api-server';

export const CATEGORIES = [
  {
    name: 'foundation',
    title: 'Foundation',
    description: 'Core concepts and getting started guides',
  },
  { name: 'engineering', title: 'Engineering', description: 'Patterns for agents in production' },
];

export function mockCategories() {
  (useStaticQuery as jest.Mock).mockReturnValue({ allCategoriesYaml: { nodes: CATEGORIES } });
}

export function signIn(
  server: ReturnType<typeof setupApiServer>,
  role: 'admin' | 'editor' = 'editor',
) {
  window.localStorage.setItem('userRole', role);
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'dana', role })),
    // The preview is compiled by the real pipeline, as the server's POST /drafts/preview does.
    http.post(`${API}/drafts/preview`, async ({ request }) => {
      const { body } = (await request.json()) as DraftPreviewRequest;
      return HttpResponse.json(previewMarkdown(body));
    }),
    // Nothing scheduled unless a test says otherwise.
    http.get(`${API}/drafts/scheduled`, () =>
      HttpResponse.json({ time_zone: 'Europe/Berlin', items: [] }),
    ),
    http.get(`${API}/drafts/:id/schedule`, () =>
      HttpResponse.json({ time_zone: 'Europe/Berlin', schedule: null }),
    ),
    // A live post offers mailing it; the panel asks for the subscriber count.
    http.get(`${API}/newsletter/issues/preview/:slug`, ({ params }) =>
      HttpResponse.json({
        slug: params.slug,
        subject: 'A post',
        post_url: `http://localhost/blog/${String(params.slug)}`,
        recipients: 3,
        test_address: 'dana@example.com',
        issue: null,
      }),
    ),
  );
}

export const draft = (patch: Partial<Draft> = {}): Draft => ({
  id: 7,
  title: 'Tables and Code',
  slug: 'tables-and-code',
  description: 'How we write posts.',
  category: 'engineering',
  author: 'Dana',
  tags: ['writing'],
  series: '',
  series_order: null,
  body: '## Setup\n\n| Plan | Price |\n| --- | --- |\n| Pro | $2,499 |\n',
  cover: '',
  cover_alt: '',
  created_by: 'dana',
  updated_by: 'dana',
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
  problems: [],
  replaces_slug: null,
  ...patch,
});
