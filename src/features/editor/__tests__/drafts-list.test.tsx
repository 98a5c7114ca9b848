import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { DraftSummary, PublishJob } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftsRoute, parseDraftsPath } from '../components/drafts-route';
import { draft, mockCategories, signIn } from './fixtures';

const server = setupApiServer();

beforeEach(() => {
  mockCategories();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

const summary = (id: number, title: string, patch: Partial<DraftSummary> = {}): DraftSummary => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  category: 'engineering',
  created_by: 'dana',
  updated_at: '2026-11-22T09:00:00.000Z',
  ready: true,
  replaces_slug: null,
  ...patch,
});

const job = (patch: Partial<PublishJob> = {}): PublishJob => ({
  id: 1,
  action: 'publish',
  slug: 'first-post',
  title: 'First post',
  mode: 'build',
  status: 'queued',
  log_tail: '',
  requested_by: 'dana',
  created_at: '2026-11-22T09:10:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

const list = (items: DraftSummary[]) => ({ items, page: 1, per_page: 50, total: items.length });

describe('parseDraftsPath', () => {
  it('reads the list, an editor and a preview address', () => {
    expect(parseDraftsPath('/admin/drafts')).toEqual({ view: 'list' });
    expect(parseDraftsPath('/admin/drafts/')).toEqual({ view: 'list' });
    expect(parseDraftsPath('/admin/drafts/12')).toEqual({ view: 'edit', id: 12 });
    expect(parseDraftsPath('/admin/drafts/12/preview')).toEqual({ view: 'preview', id: 12 });
    expect(parseDraftsPath('/admin/drafts/abc/preview')).toEqual({ view: 'preview', id: null });
  });
});

describe('/admin/drafts', () => {
  it('denies visitors', async () => {
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows the loading state, then each draft with category, last edited and author', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () =>
        HttpResponse.json(
          list([summary(1, 'First post'), summary(2, '', { ready: false, category: '' })]),
        ),
      ),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    expect(await screen.findByText('Loading drafts...')).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { name: 'First post' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(first).getByText('Engineering')).toBeInTheDocument();
    expect(within(first).getByText('Nov 22, 2026', { exact: false })).toBeInTheDocument();
    expect(within(first).getByText('dana')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open First post' })).toHaveAttribute(
      'href',
      '/admin/drafts/1',
    );
    expect(within(first).getByRole('link', { name: 'Preview First post' })).toHaveAttribute(
      'href',
      '/admin/drafts/1/preview',
    );
    const untitled = screen
      .getByRole('heading', { name: 'Untitled draft' })
      .closest('li') as HTMLElement;
    expect(within(untitled).getByRole('button', { name: 'Publish Untitled draft' })).toBeDisabled();
    expect(within(untitled).getByText(/Not ready to publish/)).toBeInTheDocument();
  });

  it('shows the empty state with a way to start a post', async () => {
    signIn(server, 'admin');
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    expect(await screen.findByText('No drafts yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New Post' })[0]).toHaveAttribute(
      'href',
      '/blog/new',
    );
  });

  it('shows a load error with a working retry', async () => {
    signIn(server);
    let calls = 0;
    server.use(
      http.get(`${API}/drafts`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Database is busy.' }, { status: 503 })
          : HttpResponse.json(list([summary(1, 'First post')]));
      }),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is busy.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'First post' })).toBeInTheDocument();
  });

  it('deletes a draft only after confirmation', async () => {
    signIn(server);
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([summary(1, 'First post')]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.delete(`${API}/drafts/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ message: 'The draft was deleted.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    await user.click(await screen.findByRole('button', { name: 'Delete First post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete First post' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete draft' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'First post' })).not.toBeInTheDocument(),
    );
    expect(deleted).toEqual(['1']);
    expect(await screen.findByText('No drafts yet')).toBeInTheDocument();
  });

  it('publishes after confirmation and follows the rebuild until the post is live', async () => {
    signIn(server);
    let jobCalls = 0;
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([summary(1, 'First post')]))),
      http.post(`${API}/drafts/1/publish`, () => HttpResponse.json(job(), { status: 202 })),
      http.get(`${API}/publish-jobs`, () => {
        jobCalls += 1;
        if (jobCalls === 1) return HttpResponse.json({ items: [] });
        if (jobCalls === 2) return HttpResponse.json({ items: [job({ status: 'running' })] });
        return HttpResponse.json({
          items: [
            job({ status: 'succeeded', finished_at: '2026-11-22T09:14:00.000Z', log_tail: 'done' }),
          ],
        });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    await user.click(await screen.findByRole('button', { name: 'Publish First post' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish this post?' });
    expect(dialog).toHaveTextContent('/blog/first-post');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    const jobs = await screen.findByRole('region', { name: 'Publishing' });
    await waitFor(() => expect(within(jobs).getByText('Building')).toBeInTheDocument());
    jest.advanceTimersByTime(3100);
    await waitFor(() => expect(within(jobs).getByText('Live')).toBeInTheDocument());
    expect(within(jobs).getByRole('link', { name: '/blog/first-post' })).toHaveAttribute(
      'href',
      '/blog/first-post',
    );
    expect(screen.queryByRole('heading', { name: 'First post' })).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('says why a rebuild failed and that the previous site still serves', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () =>
        HttpResponse.json({
          items: [
            job({
              status: 'failed',
              log_tail: 'error  Building static HTML failed\nThe build exited with code 1.',
            }),
          ],
        }),
      ),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The site was not updated');
    expect(alert).toHaveTextContent(
      'The previous version is still online. The build exited with code 1.',
    );
  });
});

describe('/admin/drafts/{id}/preview', () => {
  it('shows "Loading post..." then the draft as a post page', async () => {
    signIn(server);
    server.use(http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())));
    renderWithProviders(<DraftsRoute pathname="/admin/drafts/7/preview" />);
    expect(await screen.findByText('Loading post...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tables and Code' }),
    ).toBeInTheDocument();
    // The body arrives from the preview endpoint; the heading's name includes its permalink.
    expect(await screen.findByRole('heading', { level: 2, name: /^Setup/ })).toHaveAttribute(
      'id',
      'setup',
    );
    expect(screen.getByRole('table')).toHaveTextContent('$2,499');
    expect(screen.getByRole('link', { name: 'View all Engineering posts' })).toBeInTheDocument();
  });

  it('shows "Post Not Found" for an unknown draft', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts/8`, () =>
        HttpResponse.json({ detail: 'There is no draft 8.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts/8/preview" />);
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The post you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('is not readable without an editor session', async () => {
    renderWithProviders(<DraftsRoute pathname="/admin/drafts/7/preview" />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
