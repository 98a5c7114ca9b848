import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DraftDeletionListResponseSchema,
  DraftIdParamsSchema,
  DraftListResponseSchema,
  DraftPreviewRequestSchema,
  DraftPreviewSchema,
  DraftScheduleAnswerSchema,
  DraftScheduleWriteSchema,
  DraftSchema,
  DraftWriteSchema,
  MessageResponseSchema,
  PageQuerySchema,
  PublishJobSchema,
  ScheduledDraftListResponseSchema,
} from '@site/contracts';
import { accountRateLimit, compileAccount } from '../../../lib/client-key';
import { notFound } from '../../../lib/http-error';
import { pageParams } from '../../../lib/pagination';
import { todayIn } from '../../../lib/dates';
import { publishDraft } from '../../../services/publish/publish';
import {
  createDraft,
  DraftRejected,
  type DraftsContext,
  getDraft,
  listDrafts,
  updateDraft,
} from '../../../services/drafts/service';
import { deleteDraft, listDraftDeletions } from '../../../services/drafts/deletions';
import {
  cancelSchedule,
  getSchedule,
  listScheduled,
  setSchedule,
} from '../../../services/drafts/schedule';
import { errors } from '../errors';
import { previewWithPictures } from '../../../services/drafts/preview-pictures';
import { POST_MEDIA_DIR } from '../../../services/images/post-media';
import draftImageRoutes from './images';

const missing = (id: number) =>
  notFound(`There is no draft ${id}; it may have been published or deleted.`);

/** Drafts of blog posts: admins and editors only; the role is checked here, not in the browser. */
const draftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editors = app.requireRole('admin', 'editor');
  /** What the drafts service needs; a request's compiles take their turn in its account's queue. */
  const ctx = (request?: FastifyRequest): DraftsContext => ({
    db: app.db,
    contentDir: app.config.contentDir,
    today: todayIn(app.config.siteTimezone),
    compile: (body) => app.compiler.compile(body, undefined, compileAccount(request)),
    uploadsDir: path.join(app.config.dataDir, POST_MEDIA_DIR),
  });
  await app.register(draftImageRoutes);

  /** Refusals with per-field errors answer directly; the shared handler only knows `detail`. */
  async function answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DraftRejected) {
        return reply.code(error.statusCode).send({ detail: error.message, errors: error.errors });
      }
      throw error;
    }
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['drafts'],
        summary: 'List drafts, last edited first (admin, editor)',
        querystring: PageQuerySchema,
        response: { 200: DraftListResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request) => {
      const { page, perPage } = pageParams(request.query);
      return listDrafts(ctx(), page, perPage);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Start a draft; an empty slug is derived from the title (admin, editor)',
        body: DraftWriteSchema,
        response: { 201: DraftSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request, reply) =>
      answer(reply, async () => {
        const draft = await createDraft(ctx(), request.body, request.user?.username ?? '');
        return reply.code(201).send(draft);
      }),
  );

  app.post(
    '/preview',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Compile a body as publishing will: the HTML of the built page, headings and reading time, or the lines that keep it from being published (admin, editor)',
        body: DraftPreviewRequestSchema,
        response: { 200: DraftPreviewSchema, ...errors },
      },
      onRequest: editors,
      config: { rateLimit: accountRateLimit(app.config.accountLimits.preview) },
    },
    async (request) =>
      previewWithPictures(app, request.body.body, request.body.cover, compileAccount(request)),
  );

  app.get(
    '/deletions',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'The 20 latest deleted drafts, newest first: title, whose it was, who deleted it and when (admin, editor)',
        response: { 200: DraftDeletionListResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async () => ({ items: await listDraftDeletions(app.db) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'One draft with what still blocks publishing (admin, editor)',
        params: DraftIdParamsSchema,
        response: { 200: DraftSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request) => {
      const draft = await getDraft(ctx(request), request.params.id);
      if (!draft) throw missing(request.params.id);
      return draft;
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Save the whole draft (autosave) (admin, editor)',
        params: DraftIdParamsSchema,
        body: DraftWriteSchema,
        response: { 200: DraftSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request, reply) =>
      answer(reply, async () => {
        const draft = await updateDraft(
          ctx(),
          request.params.id,
          request.body,
          request.user?.username ?? '',
        );
        if (!draft) throw missing(request.params.id);
        return draft;
      }),
  );

  app.post(
    '/:id/publish',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Publish: the draft becomes content/blog/{slug}.md (a new post, or the post it edits) in a rebuild of the site, or a commit with PUBLISH_MODE=git; a failed build undoes it and returns the draft (admin, editor)',
        params: DraftIdParamsSchema,
        response: { 202: PublishJobSchema, ...errors },
      },
      onRequest: editors,
      config: { rateLimit: accountRateLimit(app.config.accountLimits.publish) },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const job = await publishDraft(ctx(request), request.params.id, {
          mode: app.config.publishMode,
          username: request.user?.username ?? '',
          kick: () => app.siteBuilder.kick(),
        });
        return reply.code(202).send(job);
      }),
  );

  app.get(
    '/scheduled',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Drafts set to publish themselves, soonest first, with the site’s time zone (admin, editor)',
        response: { 200: ScheduledDraftListResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async () => listScheduled(app.publishScheduler.context()),
  );

  app.get(
    '/:id/schedule',
    {
      schema: {
        tags: ['drafts'],
        summary: 'When the draft publishes itself (schedule null: not scheduled) (admin, editor)',
        params: DraftIdParamsSchema,
        response: { 200: DraftScheduleAnswerSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request) => {
      const found = await getSchedule(app.publishScheduler.context(), request.params.id);
      if (!found) throw missing(request.params.id);
      return found;
    },
  );

  app.put(
    '/:id/schedule',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Publish at a time (or move it): the draft stays a draft until then, and within a minute after it one server process publishes it as the editor who scheduled it; a time without offset is on the site’s clock (admin, editor)',
        params: DraftIdParamsSchema,
        body: DraftScheduleWriteSchema,
        response: { 200: DraftScheduleAnswerSchema, ...errors },
      },
      onRequest: editors,
      config: { rateLimit: accountRateLimit(app.config.accountLimits.publish) },
    },
    async (request, reply) =>
      answer(reply, async () =>
        setSchedule(
          app.publishScheduler.context(),
          request.params.id,
          request.body.publish_at,
          request.user?.username ?? '',
        ),
      ),
  );

  app.delete(
    '/:id/schedule',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Cancel a scheduled publish; the draft stays in Drafts (admin, editor)',
        params: DraftIdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request) => {
      await cancelSchedule(app.publishScheduler.context(), request.params.id);
      return { message: 'The scheduled publish was cancelled; the draft stays in Drafts.' };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Delete a draft; the deletion is recorded with who made it (admin, editor)',
        params: DraftIdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request) => {
      if (!(await deleteDraft(app.db, request.params.id, request.user?.username ?? ''))) {
        throw missing(request.params.id);
      }
      return { message: 'The draft was deleted.' };
    },
  );
};

export default draftRoutes;
