import type { Draft } from '@site/contracts';
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
  window.localStorage.setItem('token', `${role}-token`);
  window.localStorage.setItem('userRole', role);
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'dana', role })));
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
  created_by: 'dana',
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
  problems: [],
  ...patch,
});
