import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { DraftWrite, PublishJob } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftEditor } from '../components/draft-editor';
import { EditorAccess } from '../components/editor-access';
import { installHistoryGuard } from '@/lib/history-guard';
import { LEAVE_QUESTION } from '../components/use-leave-guard';
import { draft, mockCategories, signIn } from './fixtures';

const server = setupApiServer();

beforeEach(() => {
  mockCategories();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/blog/new');
});
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

function renderNew() {
  return renderWithProviders(
    <EditorAccess>
      <DraftEditor draftId={null} />
    </EditorAccess>,
  );
}

const SAVE_WAIT = { timeout: 4000 };

/** The save state line above the form (the preview pane has its own loading status). */
function saveState(): HTMLElement {
  const preview = screen.queryByRole('region', { name: 'Preview' });
  const found = screen.getAllByRole('status').filter((el) => !preview?.contains(el));
  const [only, ...more] = found;
  if (!only || more.length > 0) throw new Error(`expected one save state, found ${found.length}`);
  return only;
}

describe('the post editor', () => {
  it('shows visitors without an editor session an access-denied message', async () => {
    renderNew();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Post' })).not.toBeInTheDocument();
  });

  it('autosaves a new post, then saves changes to the same draft, showing the state', async () => {
    signIn(server);
    const bodies: { method: string; body: DraftWrite }[] = [];
    server.use(
      http.post(`${API}/drafts`, async ({ request }) => {
        const body = (await request.json()) as DraftWrite;
        bodies.push({ method: 'POST', body });
        return HttpResponse.json(draft({ ...body, slug: 'agents-in-tables', problems: [] }), {
          status: 201,
        });
      }),
      http.put(`${API}/drafts/7`, async ({ request }) => {
        const body = (await request.json()) as DraftWrite;
        bodies.push({ method: 'PUT', body });
        return HttpResponse.json(draft({ ...body, slug: 'agents-in-tables' }));
      }),
    );
    const user = userEvent.setup();
    renderNew();

    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Agents in tables');
    expect(saveState()).toHaveTextContent('Unsaved changes');
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved'), SAVE_WAIT);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      method: 'POST',
      body: { title: 'Agents in tables', slug: '' },
    });
    expect(window.location.pathname).toBe('/admin/drafts/7');
    // The derived slug comes back from the server and is shown, still following the title.
    expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('agents-in-tables');

    await user.selectOptions(screen.getByRole('combobox', { name: /Category/ }), 'engineering');
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved'), SAVE_WAIT);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ method: 'PUT', body: { category: 'engineering', slug: '' } });
  });

  it('shows the server’s field errors inline and keeps the changes unsaved', async () => {
    signIn(server);
    server.use(
      http.post(`${API}/drafts`, () =>
        HttpResponse.json(
          {
            detail:
              'The slug "taken" is already used by a published post or another draft; choose another.',
            errors: [
              {
                field: 'slug',
                message:
                  '"taken" is already used by a published post or another draft; choose another.',
              },
            ],
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderNew();
    await user.type(await screen.findByRole('textbox', { name: /Slug/ }), 'taken');
    const slug = screen.getByRole('textbox', { name: /Slug/ });
    await waitFor(() => expect(slug).toHaveAccessibleDescription(/already used/), SAVE_WAIT);
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(saveState()).toHaveTextContent('Unsaved changes');
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved');
  });

  it('previews the body as the post page renders it, beside the editor', async () => {
    signIn(server);
    server.use(http.post(`${API}/drafts`, () => HttpResponse.json(draft(), { status: 201 })));
    renderNew();
    const body = await screen.findByRole('textbox', { name: /Body/ });
    fireEvent.change(body, {
      target: {
        value:
          '## Prices\n\n| Plan | Price |\n| --- | --- |\n| Pro | $2,499 |\n\n```python\ndef run():\n    pass\n```\n\n[docs](https://example.com)',
      },
    });
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('h2#prices')).not.toBeNull());
    expect(preview.querySelector('table td')).toHaveTextContent('Pro');
    expect(preview.querySelector('.gatsby-highlight .token.keyword')).toHaveTextContent('def');
    expect(preview.querySelector('a[href="https://example.com"]')).toHaveAttribute(
      'target',
      '_blank',
    );
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved'), SAVE_WAIT);
  });

  it('asks before leaving with unsaved changes, and not once everything is saved', async () => {
    signIn(server);
    let release: () => void = () => undefined;
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.put(`${API}/drafts/7`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(draft({ title: 'Changed' }));
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderWithProviders(
      <EditorAccess>
        <DraftEditor draftId={7} />
        <a href="/blog">Elsewhere</a>
      </EditorAccess>,
    );
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Tables and Code');
    await user.clear(title);
    await user.type(title, 'Changed');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Elsewhere' }).dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(click.defaultPrevented).toBe(true);

    await waitFor(() => expect(saveState()).toHaveTextContent('Saving…'), SAVE_WAIT);
    release();
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved'));
    confirm.mockClear();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    const calm = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Elsewhere' }).dispatchEvent(calm);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before a Back/Forward move away with unsaved changes, and undoes a refused one', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      // The save never finishes, so the changes stay unsaved for the whole test.
      http.put(`${API}/drafts/7`, () => new Promise<never>(() => undefined)),
    );
    window.history.replaceState({ key: '200' }, '', '/admin/drafts/7');
    // As gatsby-browser's onClientEntry does, before the router's listener (the stand-in below,
    // registered long before the editor mounts). Listeners on window run in the order added.
    installHistoryGuard();
    const router = jest.fn();
    window.addEventListener('popstate', router);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    try {
      renderWithProviders(
        <EditorAccess>
          <DraftEditor draftId={7} />
        </EditorAccess>,
      );
      const title = await screen.findByRole('textbox', { name: /Title/ });
      await user.type(title, '!');

      // Back: the browser is already on the older entry when popstate fires.
      window.history.replaceState({ key: '100' }, '', '/admin/drafts');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: '100' } }));
      expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
      expect(router).not.toHaveBeenCalled();
      expect(go).toHaveBeenLastCalledWith(1);
      // The undoing step's own popstate is swallowed too.
      window.history.replaceState({ key: '200' }, '', '/admin/drafts/7');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: '200' } }));
      expect(router).not.toHaveBeenCalled();
      expect(confirm).toHaveBeenCalledTimes(1);

      // Forward to a newer entry, refused: stepped back the other way.
      window.history.replaceState({ key: '300' }, '', '/blog');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: '300' } }));
      expect(go).toHaveBeenLastCalledWith(-1);
      window.history.replaceState({ key: '200' }, '', '/admin/drafts/7');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: '200' } }));

      // Confirmed: the router hears of the move and nothing is undone.
      confirm.mockReturnValue(true);
      go.mockClear();
      window.history.replaceState({ key: '100' }, '', '/admin/drafts');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: '100' } }));
      expect(router).toHaveBeenCalledTimes(1);
      expect(go).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('popstate', router);
      go.mockRestore();
      window.history.replaceState(null, '', '/');
    }
  });

  it('says so when a draft cannot be loaded', async () => {
    signIn(server, 'admin');
    server.use(
      http.get(`${API}/drafts/9`, () =>
        HttpResponse.json(
          { detail: 'There is no draft 9; it may have been published or deleted.' },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(
      <EditorAccess>
        <DraftEditor draftId={9} />
      </EditorAccess>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no draft 9');
    expect(screen.getByRole('link', { name: 'Back to drafts' })).toHaveAttribute(
      'href',
      '/admin/drafts',
    );
  });
});

const job = (patch: Partial<PublishJob> = {}): PublishJob => ({
  id: 31,
  action: 'publish',
  slug: 'tables-and-code',
  title: 'Tables and Code',
  mode: 'build',
  status: 'queued',
  log_tail: '',
  requested_by: 'dana',
  created_at: '2026-11-22T09:10:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

function renderDraft(id = 7) {
  return renderWithProviders(
    <EditorAccess>
      <DraftEditor draftId={id} />
    </EditorAccess>,
  );
}

describe('publishing from the editor', () => {
  it('publishes a saved, complete draft after confirmation and follows the rebuild until live', async () => {
    signIn(server);
    const published: string[] = [];
    let jobCalls = 0;
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.post(`${API}/drafts/:id/publish`, ({ params }) => {
        published.push(String(params.id));
        return HttpResponse.json(job(), { status: 202 });
      }),
      http.get(`${API}/publish-jobs`, () => {
        jobCalls += 1;
        return HttpResponse.json({
          items: [
            jobCalls === 1
              ? job({ status: 'running' })
              : job({ status: 'succeeded', finished_at: '2026-11-22T09:12:00.000Z' }),
          ],
        });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderDraft();
      const button = await screen.findByRole('button', { name: 'Publish' });
      expect(button).toBeEnabled();
      await user.click(button);
      const dialog = screen.getByRole('dialog', { name: 'Publish this post?' });
      expect(dialog).toHaveTextContent('will be added to the blog at /blog/tables-and-code');
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(published).toEqual(['7']);

      const progress = await screen.findByRole('region', { name: 'Publishing' });
      await waitFor(() => expect(within(progress).getByText('Building')).toBeInTheDocument());
      expect(progress).toHaveTextContent('Publish requested by dana');
      // The draft has left Drafts: the form is gone, nothing more is saved to it.
      expect(screen.queryByRole('form', { name: 'Post' })).not.toBeInTheDocument();
      jest.advanceTimersByTime(3100);
      await waitFor(() => expect(within(progress).getByText('Live')).toBeInTheDocument());
      expect(progress).toHaveTextContent('The post is live at /blog/tables-and-code.');
      // The live post can be mailed to subscribers from here.
      expect(
        await within(progress).findByRole('button', { name: 'Email to 3 subscribers' }),
      ).toBeEnabled();
      expect(
        within(progress).getAllByRole('link', { name: '/blog/tables-and-code' })[0],
      ).toHaveAttribute('href', '/blog/tables-and-code');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a failed rebuild with the server’s reason and that the previous version is online', async () => {
    signIn(server);
    const reason =
      'The build exited with code 1. The site still serves the previous version; the change was taken out again and the draft is back in Drafts.';
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.post(`${API}/drafts/7/publish`, () => HttpResponse.json(job(), { status: 202 })),
      http.get(`${API}/publish-jobs`, () =>
        HttpResponse.json({
          items: [
            job({
              status: 'failed',
              log_tail: [
                'success building schema - 3.403s',
                '',
                ' ERROR  UNKNOWN',
                '',
                'content/blog/note.md: front matter field "category" is',
                '"field-notes", which is not in content/categories.yaml.',
                '',
                'failed createPages - 0.337s',
                reason,
              ].join('\n'),
            }),
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The site was not updated');
    // The server's sentence already says the previous version is online; it is not said twice.
    expect(alert).toHaveTextContent(reason);
    expect(alert).not.toHaveTextContent('The previous version is still online.');
    expect(alert).toHaveTextContent(
      'The build reported: content/blog/note.md: front matter field "category" is "field-notes", which is not in content/categories.yaml.',
    );
    expect(screen.getByRole('region', { name: 'Publishing' })).toHaveTextContent(
      'The draft is back in Drafts',
    );
  });

  it('is disabled, saying why, while the draft has problems', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts/7`, () =>
        HttpResponse.json(
          draft({ category: '', problems: [{ field: 'category', message: 'is required.' }] }),
        ),
      ),
    );
    renderDraft();
    const button = await screen.findByRole('button', { name: 'Publish' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Fix what is listed under "Before publishing" first.',
    );
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
  });

  it('waits for pending changes to be saved before it can publish', async () => {
    signIn(server);
    let release: () => void = () => undefined;
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.put(`${API}/drafts/7`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(draft({ title: 'Tables and Code!' }));
      }),
    );
    const user = userEvent.setup();
    renderDraft();
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), '!');
    const button = screen.getByRole('button', { name: 'Publish' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Waiting for your changes to be saved…');
    await waitFor(() => expect(saveState()).toHaveTextContent('Saving…'), SAVE_WAIT);
    release();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('cannot publish a new post before its first save', async () => {
    signIn(server);
    renderNew();
    const button = await screen.findByRole('button', { name: 'Publish' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You can publish once the draft has been saved.');
  });

  it('offers "Publish changes" for a draft that edits a published post', async () => {
    signIn(server);
    const replacing = job({ action: 'replace', status: 'succeeded' });
    server.use(
      http.get(`${API}/drafts/7`, () =>
        HttpResponse.json(draft({ replaces_slug: 'tables-and-code' })),
      ),
      http.post(`${API}/drafts/7/publish`, () => HttpResponse.json(replacing, { status: 202 })),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [replacing] })),
    );
    const user = userEvent.setup();
    renderDraft();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit published post' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish these changes?' });
    expect(dialog).toHaveTextContent('will replace the post at /blog/tables-and-code');
    await user.click(within(dialog).getByRole('button', { name: 'Publish changes' }));
    const progress = await screen.findByRole('region', { name: 'Publishing' });
    expect(progress).toHaveTextContent('The changes are live at /blog/tables-and-code.');
  });

  it('says why the server refused to publish and keeps the editor', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.post(`${API}/drafts/7/publish`, () =>
        HttpResponse.json(
          {
            detail:
              'A change to "tables-and-code" is already waiting or building; try again when it has finished.',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not published');
    expect(alert).toHaveTextContent('already waiting or building');
    expect(screen.getByRole('form', { name: 'Post' })).toBeInTheDocument();
  });
});
