import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { navigate } from 'gatsby';
import type { DraftDeletion, DraftSummary, PublishedPost, PublishJob } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftsRoute, parseDraftsPath } from '../components/drafts-route';
import { draft, mockCategories, signIn } from './fixtures';

const server = setupApiServer();

beforeEach(() => {
  mockCategories();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // No published posts unless a test says otherwise (later server.use handlers take precedence).
  server.use(
    http.get(`${API}/posts`, () => HttpResponse.json({ items: [] })),
    http.get(`${API}/drafts/deletions`, () => HttpResponse.json({ items: [] })),
  );
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
  updated_by: 'dana',
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

const published = (patch: Partial<PublishedPost> = {}): PublishedPost => ({
  slug: 'graph-rag-field-notes',
  title: 'Graph RAG Field Notes',
  description: 'What we learned.',
  date: '2026-10-01',
  category: 'engineering',
  format: 'md',
  last_change: null,
  editing_draft_id: null,
  pending: false,
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

  it('records a deletion: the deleted draft shows under Deleted drafts with whose it was and who deleted it', async () => {
    signIn(server);
    const record: DraftDeletion[] = [];
    server.use(
      http.get(`${API}/drafts`, () =>
        HttpResponse.json(list([summary(7, 'Admin plan', { created_by: 'ada' })])),
      ),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/drafts/deletions`, () => HttpResponse.json({ items: record })),
      http.delete(`${API}/drafts/:id`, () => {
        record.unshift({
          id: 1,
          draft_id: 7,
          title: 'Admin plan',
          slug: 'admin-plan',
          created_by: 'ada',
          deleted_by: 'lee',
          deleted_at: '2026-11-22T09:14:00.000Z',
        });
        return HttpResponse.json({ message: 'The draft was deleted.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const section = await screen.findByRole('region', { name: 'Deleted drafts' });
    expect(await within(section).findByText('No draft has been deleted.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete Admin plan' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete draft' }),
    );
    expect(await within(section).findByText('Admin plan')).toBeInTheDocument();
    expect(within(section).getByText(/^Draft by ada · deleted by lee · /)).toBeInTheDocument();
  });

  it('says so when the record of deleted drafts cannot be loaded, and tries again', async () => {
    signIn(server);
    let calls = 0;
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/drafts/deletions`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Database is busy.' }, { status: 503 })
          : HttpResponse.json({ items: [] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const section = await screen.findByRole('region', { name: 'Deleted drafts' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Database is busy.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('No draft has been deleted.')).toBeInTheDocument();
  });

  it('publishes after confirmation and follows the rebuild until the post is live', async () => {
    signIn(server);
    let jobCalls = 0;
    let publishedYet = false;
    server.use(
      // Publishing takes the draft out of Drafts.
      http.get(`${API}/drafts`, () =>
        HttpResponse.json(list(publishedYet ? [] : [summary(1, 'First post')])),
      ),
      http.post(`${API}/drafts/1/publish`, () => {
        publishedYet = true;
        return HttpResponse.json(job(), { status: 202 });
      }),
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

describe('/admin/drafts: publishing record and published posts', () => {
  it('shows the four sections with their empty states', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    const drafts = screen.getByRole('region', { name: 'Drafts' });
    const live = screen.getByRole('region', { name: 'Published' });
    const deleted = screen.getByRole('region', { name: 'Deleted drafts' });
    expect(await within(deleted).findByText('No draft has been deleted.')).toBeInTheDocument();
    expect(
      await within(publishing).findByText(
        'Nothing has been published or unpublished from the site yet.',
      ),
    ).toBeInTheDocument();
    expect(await within(drafts).findByText('No drafts yet')).toBeInTheDocument();
    expect(
      await within(live).findByText(
        'No posts are published yet. Publish a draft and it appears here.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the published posts with date, live link and who last published them', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/posts`, () =>
        HttpResponse.json({
          items: [
            published({
              last_change: job({
                id: 4,
                action: 'replace',
                slug: 'graph-rag-field-notes',
                status: 'succeeded',
                requested_by: 'erin',
                finished_at: '2026-11-23T10:00:00.000Z',
              }),
            }),
            published({ slug: 'hand-made', title: 'Hand Made', format: 'mdx' }),
          ],
        }),
      ),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const live = await screen.findByRole('region', { name: 'Published' });
    const card = (
      await within(live).findByRole('heading', { name: 'Graph RAG Field Notes' })
    ).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Graph RAG Field Notes' })).toHaveAttribute(
      'href',
      '/blog/graph-rag-field-notes',
    );
    expect(card).toHaveTextContent('October 1, 2026');
    expect(card).toHaveTextContent('Changes published by erin · Nov 23, 2026');
    expect(within(card).getByRole('button', { name: 'Edit Graph RAG Field Notes' })).toBeEnabled();
    const mdx = within(live)
      .getByRole('heading', { name: 'Hand Made' })
      .closest('li') as HTMLElement;
    expect(mdx).toHaveTextContent('Published through git');
    expect(mdx).toHaveTextContent('changed through git only');
    expect(within(mdx).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the mailing panel of one published post on demand', async () => {
    signIn(server);
    const asked: string[] = [];
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/posts`, () => HttpResponse.json({ items: [published()] })),
      http.get(`${API}/newsletter/issues/preview/:slug`, ({ params }) => {
        asked.push(String(params.slug));
        return HttpResponse.json({
          slug: params.slug,
          subject: 'Graph RAG Field Notes',
          post_url: 'http://localhost/blog/graph-rag-field-notes',
          recipients: 42,
          test_address: 'dana@example.com',
          issue: null,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const toggle = await screen.findByRole('button', {
      name: 'Email Graph RAG Field Notes to subscribers',
    });
    // Nothing is asked of the newsletter API until the panel is opened.
    expect(asked).toEqual([]);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Email to 42 subscribers' })).toBeEnabled();
    expect(asked).toEqual(['graph-rag-field-notes']);
  });

  it('opens a published post as a draft and goes to its editor', async () => {
    signIn(server);
    const opened: string[] = [];
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/posts`, () => HttpResponse.json({ items: [published()] })),
      http.post(`${API}/posts/:slug/edit`, ({ params }) => {
        opened.push(String(params.slug));
        return HttpResponse.json(
          draft({ id: 12, slug: 'graph-rag-field-notes', replaces_slug: 'graph-rag-field-notes' }),
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Graph RAG Field Notes' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/drafts/12'));
    expect(opened).toEqual(['graph-rag-field-notes']);
  });

  it('says why a published post could not be opened for editing', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/posts`, () => HttpResponse.json({ items: [published()] })),
      http.post(`${API}/posts/:slug/edit`, () =>
        HttpResponse.json(
          { detail: 'There is no published post "graph-rag-field-notes".' },
          { status: 404 },
        ),
      ),
    );
    (navigate as jest.Mock).mockClear();
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Graph RAG Field Notes' }));
    expect(await screen.findByText('Could not open the post for editing')).toBeInTheDocument();
    expect(
      screen.getByText('There is no published post "graph-rag-field-notes".'),
    ).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('unpublishes only after confirmation and records who did it', async () => {
    signIn(server, 'admin');
    const taken: string[] = [];
    let jobs: PublishJob[] = [];
    const down = job({
      id: 9,
      action: 'unpublish',
      slug: 'graph-rag-field-notes',
      title: 'Graph RAG Field Notes',
      requested_by: 'dana',
    });
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: jobs })),
      http.get(`${API}/posts`, () =>
        HttpResponse.json({ items: [published({ pending: taken.length > 0 })] }),
      ),
      http.post(`${API}/posts/:slug/unpublish`, ({ params }) => {
        taken.push(String(params.slug));
        jobs = [down];
        return HttpResponse.json(down, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    await user.click(
      await screen.findByRole('button', { name: 'Unpublish Graph RAG Field Notes' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Unpublish this post?' });
    expect(dialog).toHaveTextContent('/blog/graph-rag-field-notes will answer "Post Not Found"');
    await user.keyboard('{Escape}');
    expect(taken).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unpublish Graph RAG Field Notes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unpublish' }));
    expect(taken).toEqual(['graph-rag-field-notes']);
    const publishing = screen.getByRole('region', { name: 'Publishing' });
    await waitFor(() => expect(within(publishing).getByText('Queued')).toBeInTheDocument());
    expect(publishing).toHaveTextContent('Unpublish requested by dana');
    // While the change is on its way, the post cannot be changed again.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Unpublish Graph RAG Field Notes' }),
      ).toBeDisabled(),
    );
    expect(screen.getByText('Change pending')).toBeInTheDocument();
  });

  it('shows a finished unpublish as who took what down and when, without a live link', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () =>
        HttpResponse.json({
          items: [
            job({
              id: 3,
              action: 'unpublish',
              status: 'succeeded',
              requested_by: 'erin',
              finished_at: '2026-11-23T10:05:00.000Z',
            }),
          ],
        }),
      ),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    expect(await within(publishing).findByText('Unpublished')).toBeInTheDocument();
    expect(publishing).toHaveTextContent('Unpublished by erin · Nov 23, 2026');
    expect(within(publishing).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks a version replaced or taken down since, and links only to posts still online', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () =>
        HttpResponse.json({
          items: [
            job({ id: 4, action: 'replace', slug: 'kept', title: 'Kept v2', status: 'succeeded' }),
            job({ id: 3, action: 'publish', slug: 'kept', title: 'Kept', status: 'succeeded' }),
            job({ id: 2, action: 'unpublish', slug: 'gone', title: 'Gone', status: 'succeeded' }),
            job({ id: 1, action: 'publish', slug: 'gone', title: 'Gone', status: 'succeeded' }),
          ],
        }),
      ),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    await within(publishing).findByText('Kept v2');
    const item = (title: string) =>
      within(publishing)
        .getAllByText(title, { selector: 'strong' })
        .map((el) => el.closest('li') as HTMLElement);
    const [current] = item('Kept v2');
    const [older] = item('Kept');
    const [down, published] = item('Gone');
    expect(current).toHaveTextContent('Live');
    expect(
      within(current as HTMLElement).getByRole('link', { name: '/blog/kept' }),
    ).toBeInTheDocument();
    expect(older).toHaveTextContent('Replaced since');
    expect(
      within(older as HTMLElement).getByRole('link', { name: '/blog/kept' }),
    ).toBeInTheDocument();
    expect(down).toHaveTextContent('Unpublished');
    expect(published).toHaveTextContent('Replaced since');
    expect(within(published as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the five latest jobs and the older ones on request', async () => {
    signIn(server);
    const items = Array.from({ length: 7 }, (_, i) =>
      job({ id: 7 - i, title: `Post ${7 - i}`, slug: `post-${7 - i}`, status: 'succeeded' }),
    );
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items })),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    await within(publishing).findByText('Post 7');
    expect(within(publishing).queryByText('Post 2')).not.toBeInTheDocument();
    const more = within(publishing).getByRole('button', { name: 'Show older (2)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(publishing).getByText('Post 1')).toBeInTheDocument();
  });

  it('asks to publish changes for a draft that edits a published post', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () =>
        HttpResponse.json(
          list([summary(5, 'Graph RAG Field Notes', { replaces_slug: 'graph-rag-field-notes' })]),
        ),
      ),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const drafts = await screen.findByRole('region', { name: 'Drafts' });
    await user.click(
      await within(drafts).findByRole('button', { name: 'Publish Graph RAG Field Notes' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Publish these changes?' });
    expect(dialog).toHaveTextContent('will replace the post at /blog/graph-rag-field-notes');
    expect(within(dialog).getByRole('button', { name: 'Publish changes' })).toBeInTheDocument();
  });

  it('shows a load error for the published posts with a working retry', async () => {
    signIn(server);
    let calls = 0;
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/posts`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'content/blog cannot be read.' }, { status: 500 })
          : HttpResponse.json({ items: [published()] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the published posts');
    expect(alert).toHaveTextContent('content/blog cannot be read.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Graph RAG Field Notes' }),
    ).toBeInTheDocument();
  });

  it('reloads the drafts and posts when a rebuild finishes', async () => {
    signIn(server);
    let jobCalls = 0;
    let postCalls = 0;
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(list([]))),
      http.get(`${API}/publish-jobs`, () => {
        jobCalls += 1;
        return HttpResponse.json({
          items: [job({ status: jobCalls === 1 ? 'running' : 'succeeded' })],
        });
      }),
      http.get(`${API}/posts`, () => {
        postCalls += 1;
        return HttpResponse.json({
          items: postCalls === 1 ? [] : [published({ slug: 'first-post', title: 'First post' })],
        });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    try {
      renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
      const publishing = await screen.findByRole('region', { name: 'Publishing' });
      await within(publishing).findByText('Building');
      jest.advanceTimersByTime(3100);
      await waitFor(() => expect(within(publishing).getByText('Live')).toBeInTheDocument());
      const live = screen.getByRole('region', { name: 'Published' });
      expect(await within(live).findByRole('heading', { name: 'First post' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
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
