import type { Draft, DraftWrite, FieldError, PublishJob } from '@site/contracts';
import { Link } from 'gatsby-link';
import React, { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { draftsApi } from '../api/drafts-api';
import { DraftPreview } from './draft-preview';
import { BodyPictures, CoverField, pictureFile } from './pictures';
import { EditorSchedule } from './schedule';
import { EmailToSubscribers } from '@/features/newsletter-issues';
import { JobCard, JobList, Muted, usePublishJobs } from './publish-jobs';
import { type SaveStatus, useAutosave } from './use-autosave';
import { useCategories } from './use-categories';
import { useDraft } from './use-draft';
import { useLeaveGuard } from './use-leave-guard';
import { headingRow, wrappingRow } from '@/styles/layout';

export const EMPTY_DRAFT: DraftWrite = {
  title: '',
  slug: '',
  description: '',
  category: '',
  author: '',
  tags: [],
  series: '',
  series_order: null,
  body: '',
  cover: '',
  cover_alt: '',
};

const LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  category: 'Category',
  author: 'Author',
  tags: 'Tags',
  series: 'Series',
  series_order: 'Part in series',
  body: 'Body',
  cover: 'Cover',
  cover_alt: 'Cover description',
};

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: 'Nothing to save yet',
  dirty: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Unsaved changes',
};

function toForm(draft: Draft): DraftWrite {
  const { title, slug, description, category, author, tags, series, series_order, body } = draft;
  const { cover, cover_alt } = draft;
  return {
    title,
    slug,
    description,
    category,
    author,
    tags,
    series,
    series_order,
    body,
    cover,
    cover_alt,
  };
}

function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Why the Publish button is disabled, or null when the draft can be published now. */
export function publishBlocker(
  id: number | null,
  status: SaveStatus,
  problems: readonly FieldError[],
): string | null {
  if (!id) return 'You can publish once the draft has been saved.';
  if (status === 'error') return 'Your latest changes are not saved (see "Not saved" above).';
  if (status !== 'saved') return 'Waiting for your changes to be saved…';
  if (problems.length > 0) return 'Fix what is listed under "Before publishing" first.';
  return null;
}

/** After Publish: the job followed until the post is live or the build failed. */
function PublishProgress({ first }: { first: PublishJob }) {
  const { jobs } = usePublishJobs();
  const job = jobs?.find((item) => item.id === first.id) ?? first;
  let next: React.ReactNode = null;
  if (job.status === 'succeeded') {
    next = job.action === 'replace' ? <>The changes are live at </> : <>The post is live at </>;
    next = (
      <p>
        {next}
        <Link to={`/blog/${job.slug}`}>/blog/{job.slug}</Link>.
      </p>
    );
    // Once the post answers on the site it can be mailed; in git mode it is live only after the
    // deployment, so mailing waits for /admin/drafts there.
    if (job.mode !== 'git') {
      next = (
        <>
          {next}
          <EmailToSubscribers slug={job.slug} />
        </>
      );
    }
  } else if (job.status === 'failed') {
    next = (
      <p>
        The draft is back in <Link to="/admin/drafts">Drafts</Link>: open it there, fix what the
        build log names and publish again.
      </p>
    );
  } else {
    next = (
      <Muted>
        {job.mode === 'git'
          ? 'The post is being committed to the repository.'
          : 'The site is being rebuilt; the post goes live when the build finishes. You can leave this page.'}
      </Muted>
    );
  }
  return (
    <ProgressSection aria-labelledby="editor-publishing-heading">
      <h2 id="editor-publishing-heading">Publishing</h2>
      <JobList>
        <li>
          <JobCard job={job} />
        </li>
      </JobList>
      {next}
    </ProgressSection>
  );
}

interface EditorFormProps {
  initial: Draft | null;
}

function EditorForm({ initial }: EditorFormProps) {
  const categories = useCategories();
  const [form, setForm] = useState<DraftWrite>(initial ? toForm(initial) : EMPTY_DRAFT);
  const [tagsText, setTagsText] = useState((initial?.tags ?? []).join(', '));
  // A new post's slug follows its title (the server derives it) until the editor types one.
  const [ownSlug, setOwnSlug] = useState(Boolean(initial?.slug));
  const [problems, setProblems] = useState<FieldError[]>(initial?.problems ?? []);
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const [incoming, setIncoming] = useState<File | null>(null);

  const onSaved = useCallback(
    (draft: Draft) => {
      setProblems(draft.problems);
      if (!ownSlug) setForm((current) => ({ ...current, slug: draft.slug }));
    },
    [ownSlug],
  );
  const { id, status, error, fieldErrors, change } = useAutosave({
    initialId: initial?.id ?? null,
    onSaved,
  });
  useLeaveGuard(status === 'dirty' || status === 'saving' || status === 'error');
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [job, setJob] = useState<PublishJob | null>(null);
  const replaces = initial?.replaces_slug ?? null;
  const publishLabel = replaces ? 'Publish changes' : 'Publish';
  const blocker = publishBlocker(id, status, problems);

  const publish = async () => {
    if (!id) return;
    setPublishing(true);
    setPublishError(null);
    try {
      setJob(await draftsApi.publish(id));
    } catch (cause) {
      setPublishError(cause instanceof Error ? cause.message : 'The draft could not be published.');
    } finally {
      setPublishing(false);
      setConfirming(false);
    }
  };

  if (job) {
    return (
      <>
        <Toolbar>
          <div>
            <Heading>{form.title || 'Untitled draft'}</Heading>
          </div>
          <ToolbarLinks>
            <Link to="/admin/drafts">All drafts</Link>
            <Link to="/blog/new">New post</Link>
          </ToolbarLinks>
        </Toolbar>
        <PublishProgress first={job} />
      </>
    );
  }

  const update = (patch: Partial<DraftWrite>, slugIsOwn = ownSlug) => {
    const next = { ...form, ...patch };
    setForm(next);
    change({ ...next, slug: slugIsOwn ? next.slug : '' });
  };

  /** Puts a picture's markdown at the cursor (on a line of its own) and keeps the cursor after it. */
  const insertAtCursor = (markdown: string) => {
    const field = bodyInput.current;
    const body = form.body;
    const at = field ? field.selectionEnd : body.length;
    const before = body.slice(0, at);
    const after = body.slice(at);
    const lead =
      before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const tail = after.startsWith('\n') ? '' : '\n';
    const next = `${before}${lead}${markdown}${tail}${after}`;
    update({ body: next });
    const caret = before.length + lead.length + markdown.length;
    window.requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(caret, caret);
    });
  };

  const text =
    (name: 'title' | 'description' | 'author' | 'series') =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update({ [name]: event.target.value });

  return (
    <>
      <Toolbar>
        <div>
          <Heading>
            {replaces ? 'Edit published post' : initial ? 'Edit draft' : 'New post'}
          </Heading>
          {replaces ? (
            <Muted>
              Changes to <Link to={`/blog/${replaces}`}>/blog/{replaces}</Link>; the live post stays
              as it is until you publish them.
            </Muted>
          ) : null}
          <SaveState role="status" aria-live="polite" $status={status}>
            {STATUS_TEXT[status]}
          </SaveState>
        </div>
        <ToolbarEnd>
          <ToolbarLinks>
            {id ? <Link to={`/admin/drafts/${id}/preview`}>Open full preview</Link> : null}
            <Link to="/admin/drafts">All drafts</Link>
          </ToolbarLinks>
          <PublishBox>
            <Button
              disabled={blocker !== null || publishing}
              aria-describedby={blocker ? 'publish-blocker' : undefined}
              onClick={() => setConfirming(true)}
            >
              {publishLabel}
            </Button>
            {blocker ? <Muted id="publish-blocker">{blocker}</Muted> : null}
          </PublishBox>
          <EditorSchedule draftId={id} title={form.title} blocker={blocker} />
        </ToolbarEnd>
      </Toolbar>
      {error ? (
        <Alert variant="error" title="Not saved">
          {error}
        </Alert>
      ) : null}
      {publishError ? (
        <Alert variant="error" title="Not published">
          {publishError}
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => (publishing ? undefined : setConfirming(false))}
        title={replaces ? 'Publish these changes?' : 'Publish this post?'}
        description={
          replaces
            ? `"${form.title}" will replace the post at /blog/${replaces}.`
            : `"${form.title}" will be added to the blog at /blog/${form.slug}.`
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={publishing}>
            Cancel
          </Button>
          <Button onClick={() => void publish()} disabled={publishing}>
            {publishLabel}
          </Button>
        </DialogActions>
      </Dialog>

      <Columns>
        <form aria-label="Post" onSubmit={(event) => event.preventDefault()} noValidate>
          <Field label="Title" required error={fieldErrors.title}>
            <Input value={form.title} onChange={text('title')} maxLength={200} />
          </Field>
          <Field
            label="Slug"
            required
            error={fieldErrors.slug}
            hint={
              ownSlug
                ? `The address will be /blog/${form.slug || '…'}`
                : `Follows the title until you change it: /blog/${form.slug || '…'}`
            }
          >
            <Input
              value={form.slug}
              onChange={(event) => {
                setOwnSlug(event.target.value !== '');
                update({ slug: event.target.value }, event.target.value !== '');
              }}
              maxLength={100}
              spellCheck={false}
            />
          </Field>
          <Field label="Description" required error={fieldErrors.description}>
            <Textarea
              value={form.description}
              onChange={text('description')}
              rows={2}
              maxLength={500}
            />
          </Field>
          <Field label="Category" required error={fieldErrors.category}>
            <Select
              value={form.category}
              onChange={(event) => update({ category: event.target.value })}
            >
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.name} value={category.name}>
                  {category.title}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Tags" error={fieldErrors.tags} hint="Separate tags with commas.">
            <Input
              value={tagsText}
              onChange={(event) => {
                setTagsText(event.target.value);
                update({ tags: parseTags(event.target.value) });
              }}
            />
          </Field>
          <Pair>
            <Field label="Series" error={fieldErrors.series} hint="Optional.">
              <Input value={form.series} onChange={text('series')} maxLength={200} />
            </Field>
            <Field label="Part in series" error={fieldErrors.series_order}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                value={form.series_order ?? ''}
                onChange={(event) => {
                  const value = event.target.valueAsNumber;
                  update({ series_order: Number.isInteger(value) && value >= 1 ? value : null });
                }}
              />
            </Field>
          </Pair>
          <Field label="Author" error={fieldErrors.author} hint="Optional byline.">
            <Input value={form.author} onChange={text('author')} maxLength={100} />
          </Field>
          <CoverField
            draftId={id}
            cover={form.cover ?? ''}
            coverAlt={form.cover_alt ?? ''}
            error={fieldErrors.cover}
            altError={fieldErrors.cover_alt}
            onChange={(patch) => update(patch)}
          />
          <Field
            label="Body (markdown)"
            error={fieldErrors.body}
            hint="Markdown with tables and fenced code blocks; ## headings become the outline."
          >
            <BodyInput
              ref={bodyInput}
              value={form.body}
              onChange={(event) => update({ body: event.target.value })}
              onPaste={(event) => {
                const file = pictureFile(event.clipboardData?.files);
                if (!file) return;
                event.preventDefault();
                setIncoming(file);
              }}
              onDragOver={(event) => {
                if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
              }}
              onDrop={(event) => {
                const file = pictureFile(event.dataTransfer?.files);
                if (!file) return;
                event.preventDefault();
                setIncoming(file);
              }}
              rows={24}
              spellCheck
            />
          </Field>
          <BodyPictures
            draftId={id}
            insert={insertAtCursor}
            incoming={incoming}
            onIncomingTaken={() => setIncoming(null)}
          />
          {problems.length > 0 ? (
            <Alert variant="warning" title="Before publishing">
              <ul>
                {problems.map((item) => (
                  <li key={`${item.field}:${item.message}`}>
                    {LABELS[item.field] ?? item.field} {item.message}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </form>

        <PreviewPane aria-label="Preview">
          <PreviewLabel>Preview</PreviewLabel>
          <DraftPreview draft={form} categories={categories} />
        </PreviewPane>
      </Columns>
    </>
  );
}

/** `/blog/new` (no id) and `/admin/drafts/{id}`: the form, autosave and the live preview. */
export function DraftEditor({ draftId }: { draftId: number | null }) {
  const state = useDraft(draftId);

  return (
    <Wide>
      {state.kind === 'loading' ? <Spinner label="Loading draft..." /> : null}
      {state.kind === 'failed' ? (
        <Alert variant="error" title="Draft not available">
          {state.error instanceof Error ? state.error.message : 'The draft could not be loaded.'}{' '}
          <Link to="/admin/drafts">Back to drafts</Link>
        </Alert>
      ) : null}
      {state.kind === 'none' ? <EditorForm initial={null} /> : null}
      {state.kind === 'ready' ? <EditorForm initial={state.draft} /> : null}
    </Wide>
  );
}

const Wide = styled.div`
  width: 100%;
  max-width: 1600px;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[4]}
    ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.md} {
    padding-inline: ${({ theme }) => theme.space[8]};
  }
`;

const Toolbar = styled.div`
  ${headingRow}
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const SaveState = styled.p<{ $status: SaveStatus }>`
  margin: 0;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $status }) =>
    $status === 'saved'
      ? theme.colors.success
      : $status === 'error'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

const ToolbarLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }

  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const ToolbarEnd = styled.div`
  ${wrappingRow(4)}
  align-items: center;
`;

const PublishBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  justify-items: start;

  p {
    max-width: 18rem;
  }
`;

const DialogActions = styled.div`
  ${wrappingRow(2)}
`;

const ProgressSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 48rem;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[8]};
  margin-top: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[4]};
  }
`;

const BodyInput = styled(Textarea)`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

const PreviewPane = styled.section`
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;

  ${({ theme }) => theme.media.lg} {
    position: sticky;
    top: calc(${({ theme }) => theme.headerHeight} + 1rem);
    max-height: calc(100vh - ${({ theme }) => theme.headerHeight} - 2rem);
    overflow-y: auto;
  }
`;

const PreviewLabel = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;
