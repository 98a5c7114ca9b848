import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema, PostSlugParamsSchema } from '@site/contracts';
import type { DrawnPages } from '../../../services/publish/drawn-pages';

/** The drawn pages' data: any JSON object (the shapes of the site's page queries). */
const PageDataSchema = Type.Object({}, { additionalProperties: true });

/**
 * Public: what a post published, updated or taken down after the build this process serves
 * looks like until its build is switched in, as the site's request-time slots draw it (the same
 * as the post's page and /blog will show once built). 404 when the served build is up to date.
 */
const blogChangeRoutes: FastifyPluginAsyncTypebox<{ drawnPages: DrawnPages }> = async (
  app,
  { drawnPages },
) => {
  app.get(
    '/posts/:slug',
    {
      schema: {
        tags: ['blog'],
        summary:
          'A post changed after the served build: the post as its page draws it, or {"gone": true} when it was taken down; 404 when the build is up to date for it',
        params: PostSlugParamsSchema,
        response: { 200: PageDataSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const post = await drawnPages.post(request.params.slug);
      if (post === null) {
        return reply
          .code(404)
          .send({ detail: `The served site is up to date for "${request.params.slug}".` });
      }
      return post;
    },
  );

  app.get(
    '/list',
    {
      schema: {
        tags: ['blog'],
        summary:
          "/blog's list data with the posts changed after the served build; 404 when the build is up to date",
        response: { 200: PageDataSchema, 404: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      const index = await drawnPages.blogIndex();
      if (index === null) {
        return reply.code(404).send({ detail: 'The served site is up to date.' });
      }
      return index;
    },
  );

  app.get(
    '/latest',
    {
      schema: {
        tags: ['blog'],
        summary:
          "The home page's latest posts with the posts changed after the served build; 404 when the build is up to date",
        response: { 200: PageDataSchema, 404: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      const latest = await drawnPages.latest();
      if (latest === null) {
        return reply.code(404).send({ detail: 'The served site is up to date.' });
      }
      return latest;
    },
  );
};

export default blogChangeRoutes;
