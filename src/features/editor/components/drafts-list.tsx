import type { DraftSchedule, DraftSummary, PublishedPost, PublishJob } from '@site/contracts';
import { Link, navigate } from 'gatsby-link';
import React, { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorToast, useToast } from '@/components/ui/toast';
import { EmailToSubscribers } from '@/features/newsletter-issues';
import { formatCalendarDate, formatDateTime } from '@/lib/dates';
import { draftsApi } from '../api/drafts-api';
import { DeletedDraftsSection, useDraftDeletions } from './deleted-drafts';
import {
  JobCard,
  jobByline,
  JobList,
  jobStanding,
  Lead,
  Muted,
  Section,
  usePublishJobs,
} from './publish-jobs';
import { ScheduledSection, scheduleSentence } from './schedule';
import { useCategories } from './use-categories';
import { emptyFrame, gridList, headingRow } from '@/styles/layout';

/** How many jobs the Publishing section shows before "Show older". */
export const RECENT_JOBS = 5;

type Confirm =
  | { kind: 'delete'; draft: DraftSummary }
  | { kind: 'publish'; draft: DraftSummary }
  | { kind: 'unpublish'; post: PublishedPost }
  | null;

const messageOf = (cause: unknown, fallback: string) =>
  cause instanceof Error ? cause.message : fallback;

function PublishingSection({
  jobs,
  error,
  onRetry,
}: {
  jobs: PublishJob[] | null;
  error: string | null;
  onRetry: () => void;
}) {
  const [all, setAll] = useState(false);
  let content: React.ReactNode;
  if (error && !jobs) {
    content = (
      <Alert variant="error" title="Could not load the publishing record">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!jobs) {
    content = <Spinner label="Loading the publishing record..." />;
  } else if (jobs.length === 0) {
    content = <Muted>Nothing has been published or unpublished from the site yet.</Muted>;
  } else {
    const shown = all ? jobs : jobs.slice(0, RECENT_JOBS);
    content = (
      <>
        <JobList>
          {shown.map((job) => (
            <li key={job.id}>
              <JobCard job={job} {...jobStanding(job, jobs)} />
            </li>
          ))}
        </JobList>
        {jobs.length > RECENT_JOBS ? (
          <MoreButton size="sm" variant="ghost" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show older (${jobs.length - RECENT_JOBS})`}
          </MoreButton>
        ) : null}
      </>
    );
  }
  return (
    <Section aria-labelledby="publish-jobs-heading">
      <h2 id="publish-jobs-heading">Publishing</h2>
      <Lead>Who published or unpublished which post, and when; newest first.</Lead>
      {content}
    </Section>
  );
}

function PublishedSection({
  posts,
  error,
  onRetry,
  onEdit,
  onUnpublish,
  opening,
}: {
  posts: PublishedPost[] | null;
  error: string | null;
  onRetry: () => void;
  onEdit: (post: PublishedPost) => void;
  onUnpublish: (post: PublishedPost) => void;
  opening: string | null;
}) {
  // One post's mailing panel at a time: it asks the server for the subscriber count when opened,
  // not for every post on the page.
  const [mailing, setMailing] = useState<string | null>(null);
  let content: React.ReactNode;
  if (error) {
    content = (
      <Alert variant="error" title="Could not load the published posts">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!posts) {
    content = <Spinner label="Loading published posts..." />;
  } else if (posts.length === 0) {
    content = <Muted>No posts are published yet. Publish a draft and it appears here.</Muted>;
  } else {
    content = (
      <Cards>
        {posts.map((post) => (
          <li key={post.slug}>
            <h3>
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h3>
            <Muted>
              {formatCalendarDate(post.date)} · /blog/{post.slug}
              {post.pending ? (
                <>
                  {' '}
                  <Badge $variant="info">Change pending</Badge>
                </>
              ) : null}
            </Muted>
            <Muted>
              {post.last_change
                ? jobByline(post.last_change)
                : 'Published through git (not changed from the site).'}
            </Muted>
            {post.format === 'mdx' ? (
              <Muted>An MDX post: it contains code, so it is changed through git only.</Muted>
            ) : (
              <Actions>
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/blog/${post.slug}`}
                  aria-label={`View ${post.title}`}
                >
                  View
                </ButtonLink>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={post.pending || opening !== null}
                  onClick={() => onEdit(post)}
                  aria-label={`${post.editing_draft_id ? 'Continue editing' : 'Edit'} ${post.title}`}
                >
                  {opening === post.slug
                    ? 'Opening…'
                    : post.editing_draft_id
                      ? 'Continue editing'
                      : 'Edit'}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={post.pending}
                  onClick={() => onUnpublish(post)}
                  aria-label={`Unpublish ${post.title}`}
                >
                  Unpublish
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={post.pending}
                  aria-expanded={mailing === post.slug}
                  aria-controls={`mail-${post.slug}`}
                  onClick={() => setMailing((open) => (open === post.slug ? null : post.slug))}
                  aria-label={`Email ${post.title} to subscribers`}
                >
                  Email to subscribers
                </Button>
              </Actions>
            )}
            {mailing === post.slug && post.format !== 'mdx' ? (
              <div id={`mail-${post.slug}`}>
                <EmailToSubscribers slug={post.slug} />
              </div>
            ) : null}
            {post.pending ? (
              <Muted>A change to this post is being published; wait for it to finish.</Muted>
            ) : null}
          </li>
        ))}
      </Cards>
    );
  }
  return (
    <Section aria-labelledby="published-heading">
      <h2 id="published-heading">Published</h2>
      <Lead>
        The posts on the blog now. Editing opens a draft; publishing it replaces the post.
      </Lead>
      {content}
    </Section>
  );
}

/**
 * `/admin/drafts`, the desk: the publishing record (who published or unpublished what, and when),
 * the drafts (open, preview, publish, delete), the record of deleted drafts and the published
 * posts (edit, unpublish).
 */
export function DraftsList() {
  const categories = useCategories();
  const { toast } = useToast();
  const [drafts, setDrafts] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [posts, setPosts] = useState<PublishedPost[] | null>(null);
  const [postsError, setPostsError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<{ items: DraftSchedule[]; timeZone: string }>({
    items: [],
    timeZone: '',
  });

  const load = useCallback(() => {
    setError(null);
    draftsApi
      .list()
      .then((page) => setDrafts(page.items))
      .catch((cause: unknown) => setError(messageOf(cause, 'The drafts could not be loaded.')));
  }, []);

  const loadPosts = useCallback(() => {
    setPostsError(null);
    draftsApi
      .posts()
      .then((answer) => setPosts(answer.items))
      .catch((cause: unknown) =>
        setPostsError(messageOf(cause, 'The published posts could not be loaded.')),
      );
  }, []);

  // A finished job changes both lists: a published draft leaves Drafts (a failed one comes back),
  // and the published posts gain, change or lose one.
  const settled = useCallback(() => {
    load();
    loadPosts();
  }, [load, loadPosts]);
  const jobs = usePublishJobs(settled);
  const deletions = useDraftDeletions();

  useEffect(() => {
    load();
    loadPosts();
  }, [load, loadPosts]);

  const categoryTitle = (name: string) =>
    categories.find((category) => category.name === name)?.title ?? (name || '—');

  const edit = async (post: PublishedPost) => {
    setOpening(post.slug);
    try {
      const draft = await draftsApi.editPost(post.slug);
      await navigate(`/admin/drafts/${draft.id}`);
    } catch (cause) {
      toast({
        title: 'Could not open the post for editing',
        description: messageOf(cause, 'Try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setOpening(null);
    }
  };

  const run = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'delete') {
        await draftsApi.remove(confirm.draft.id);
        toast({ title: 'Draft deleted' });
        setDrafts((current) => current?.filter((item) => item.id !== confirm.draft.id) ?? null);
        deletions.reload();
      } else if (confirm.kind === 'publish') {
        const job = await draftsApi.publish(confirm.draft.id);
        jobs.add(job);
        toast({
          title: 'Publishing started',
          description:
            job.mode === 'git'
              ? 'The post was committed to the repository.'
              : 'The post goes live when the site rebuild finishes.',
        });
        setDrafts((current) => current?.filter((item) => item.id !== confirm.draft.id) ?? null);
      } else {
        const job = await draftsApi.unpublish(confirm.post.slug);
        jobs.add(job);
        toast({
          title: 'Unpublishing started',
          description:
            job.mode === 'git'
              ? 'The removal was committed to the repository.'
              : 'The post leaves the blog when the site rebuild finishes.',
        });
        loadPosts();
      }
      jobs.reload();
    } catch (cause) {
      const titles = {
        delete: 'Failed to delete draft',
        publish: 'Failed to publish',
        unpublish: 'Failed to unpublish',
      };
      toast(errorToast(titles[confirm.kind], cause));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert variant="error" title="Could not load the drafts">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={load}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!drafts) {
    body = <Spinner label="Loading drafts..." />;
  } else if (drafts.length === 0) {
    body = (
      <Empty>
        <p>
          <strong>No drafts yet</strong>
        </p>
        <p>Start a new post: it is saved here as you type, until you publish it.</p>
        <ButtonLink to="/blog/new">New Post</ButtonLink>
      </Empty>
    );
  } else {
    body = (
      <Cards>
        {drafts.map((draft) => {
          const title = draft.title || 'Untitled draft';
          return (
            <li key={draft.id}>
              <h3>
                <Link to={`/admin/drafts/${draft.id}`}>{title}</Link>
              </h3>
              <Meta>
                <div>
                  <dt>Category</dt>
                  <dd>{categoryTitle(draft.category)}</dd>
                </div>
                <div>
                  <dt>Last edited</dt>
                  <dd>{formatDateTime(draft.updated_at)}</dd>
                </div>
                <div>
                  <dt>Author</dt>
                  <dd>{draft.created_by}</dd>
                </div>
              </Meta>
              {draft.ready ? null : (
                <Muted>Not ready to publish: open it to see what is missing.</Muted>
              )}
              {scheduled.items
                .filter((item) => item.draft_id === draft.id)
                .map((item) => (
                  <Muted key="scheduled">{scheduleSentence(item, scheduled.timeZone)}</Muted>
                ))}
              <Actions>
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/admin/drafts/${draft.id}`}
                  aria-label={`Open ${title}`}
                >
                  Open
                </ButtonLink>
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/admin/drafts/${draft.id}/preview`}
                  aria-label={`Preview ${title}`}
                >
                  Preview
                </ButtonLink>
                <Button
                  size="sm"
                  disabled={!draft.ready}
                  onClick={() => setConfirm({ kind: 'publish', draft })}
                  aria-label={`Publish ${title}`}
                >
                  Publish
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setConfirm({ kind: 'delete', draft })}
                  aria-label={`Delete ${title}`}
                >
                  Delete
                </Button>
              </Actions>
            </li>
          );
        })}
      </Cards>
    );
  }

  let dialogTitle = '';
  let dialogText = '';
  let confirmLabel = '';
  if (confirm?.kind === 'delete') {
    dialogTitle = 'Delete this draft?';
    dialogText = `Are you sure you want to delete "${confirm.draft.title || 'Untitled draft'}"? This action cannot be undone.`;
    confirmLabel = 'Delete draft';
  } else if (confirm?.kind === 'publish') {
    const replaces = confirm.draft.replaces_slug;
    dialogTitle = replaces ? 'Publish these changes?' : 'Publish this post?';
    dialogText = replaces
      ? `"${confirm.draft.title || 'Untitled draft'}" will replace the post at /blog/${replaces}.`
      : `"${confirm.draft.title || 'Untitled draft'}" will be added to the blog at /blog/${confirm.draft.slug}.`;
    confirmLabel = replaces ? 'Publish changes' : 'Publish';
  } else if (confirm?.kind === 'unpublish') {
    dialogTitle = 'Unpublish this post?';
    dialogText = `"${confirm.post.title}" will be taken off the blog: /blog/${confirm.post.slug} will answer "Post Not Found" and the post leaves the lists, the feed and the sitemap. Its file is removed from content/blog/.`;
    confirmLabel = 'Unpublish';
  }

  return (
    <>
      <Header>
        <div>
          <Title>Drafts and posts</Title>
          <Muted>
            Write drafts, publish them, and change or take down the posts that are live.
          </Muted>
        </div>
        <ButtonLink to="/blog/new">New Post</ButtonLink>
      </Header>
      <PublishingSection jobs={jobs.jobs} error={jobs.error} onRetry={jobs.reload} />
      <ScheduledBlock>
        <ScheduledSection
          onChanged={() => {
            jobs.reload();
            load();
          }}
          onLoaded={(items, timeZone) => setScheduled({ items, timeZone })}
        />
      </ScheduledBlock>
      <Section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading">Drafts</h2>
        <Lead>Posts being written. Publishing adds the post to the blog.</Lead>
        {body}
      </Section>
      <DeletedDraftsSection
        deletions={deletions.deletions}
        error={deletions.error}
        onRetry={deletions.reload}
      />
      <PublishedSection
        posts={posts}
        error={postsError}
        onRetry={loadPosts}
        onEdit={(post) => void edit(post)}
        onUnpublish={(post) => setConfirm({ kind: 'unpublish', post })}
        opening={opening}
      />
      <Dialog
        open={confirm !== null}
        onClose={() => (busy ? undefined : setConfirm(null))}
        title={dialogTitle}
        description={dialogText}
      >
        <Actions>
          <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={confirm?.kind === 'publish' ? 'primary' : 'danger'}
            onClick={() => void run()}
            disabled={busy}
          >
            {confirmLabel}
          </Button>
        </Actions>
      </Dialog>
    </>
  );
}

const Header = styled.div`
  ${headingRow}
  margin-bottom: ${({ theme }) => theme.space[8]};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const ScheduledBlock = styled.div`
  margin-bottom: ${({ theme }) => theme.space[8]};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  ${emptyFrame}

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Cards = styled.ul`
  ${gridList(4)}

  > li {
    display: grid;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[5]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.bg};
  }

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }

  h3 a {
    color: inherit;
  }

  h3 a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Meta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[6]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const MoreButton = styled(Button)`
  margin-top: ${({ theme }) => theme.space[3]};
`;
