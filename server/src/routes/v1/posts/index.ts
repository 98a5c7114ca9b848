import path from 'node:path';
import { POST_MEDIA_DIR } from '../../../services/images/post-media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DraftSchema,
  PostSlugParamsSchema,
  PublishedPostListResponseSchema,
  PublishJobSchema,
} from '@site/contracts';
import { accountRateLimit } from '../../../lib/client-key';
import { todayIn } from '../../../lib/dates';
import { draftFromPost, type DraftsContext } from '../../../services/drafts/service';
import { listPublished, unpublishPost } from '../../../services/publish/publish';
import { errors } from '../errors';

/** Published posts: list, open one for editing, take one down (admin, editor). */
const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editors = app.requireRole('admin', 'editor');
  const ctx = (): DraftsContext => ({
    db: app.db,
    contentDir: app.config.contentDir,
    uploadsDir: path.join(app.config.dataDir, POST_MEDIA_DIR),
    today: todayIn(app.config.siteTimezone),
    compile: (body) => app.compiler.compile(body),
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'The published posts, newest first, with who last published each from the site and when (admin, editor)',
        response: { 200: PublishedPostListResponseSchema, ...errors },
      },
      onRequest: editors,
    },
    async () => ({ items: await listPublished(ctx()) }),
  );

  app.post(
    '/:slug/edit',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Open a published markdown post as a draft that keeps its slug and date (201), or the draft already open for it (200) (admin, editor)',
        params: PostSlugParamsSchema,
        response: { 200: DraftSchema, 201: DraftSchema, ...errors },
      },
      onRequest: editors,
    },
    async (request, reply) => {
      const { draft, created } = await draftFromPost(
        ctx(),
        request.params.slug,
        request.user?.username ?? '',
      );
      return reply.code(created ? 201 : 200).send(draft);
    },
  );

  app.post(
    '/:slug/unpublish',
    {
      schema: {
        tags: ['drafts'],
        summary:
          'Take a published markdown post down: its file is removed and the site rebuilt (or the removal committed with PUBLISH_MODE=git) (admin, editor)',
        params: PostSlugParamsSchema,
        response: { 202: PublishJobSchema, ...errors },
      },
      onRequest: editors,
      config: { rateLimit: accountRateLimit(app.config.accountLimits.publish) },
    },
    async (request, reply) => {
      const job = await unpublishPost(ctx(), request.params.slug, {
        mode: app.config.publishMode,
        username: request.user?.username ?? '',
        kick: () => app.siteBuilder.kick(),
      });
      return reply.code(202).send(job);
    },
  );
};

export default postRoutes;
