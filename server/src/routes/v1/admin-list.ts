import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorResponseSchema, PageQuerySchema, type PageQuery } from '@site/contracts';
import { pageParams } from '../../lib/pagination';

/**
 * `GET path` on `app`: one page of an admin list (`?page=&per_page=`), for admins only. `tag` and
 * `summary` describe it in the API docs; `list` reads the page, which answers as `response`.
 */
export function adminListRoute<Response extends TSchema>(
  app: FastifyInstance,
  path: string,
  options: {
    tag: string;
    summary: string;
    response: Response;
    list: (page: number, perPage: number) => Promise<Static<Response>>;
  },
) {
  app.get<{ Querystring: PageQuery }>(
    path,
    {
      schema: {
        tags: [options.tag],
        summary: options.summary,
        querystring: PageQuerySchema,
        response: {
          200: options.response,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
      onRequest: app.requireRole('admin'),
    },
    async (request) => {
      const { page, perPage } = pageParams(request.query);
      return options.list(page, perPage);
    },
  );
}
