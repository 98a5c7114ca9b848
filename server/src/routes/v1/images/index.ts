import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StoredImageSchema } from '@site/contracts';
import { badRequest } from '../../../lib/http-error';
import { acceptOnePicture, uploadedPicture } from '../../../lib/picture-upload';
import { ImageRefused, toPicture } from '../../../services/images/service';
import { errors } from '../errors';

/**
 * Storing a picture (admin): one uploaded file, or an address the server fetches once; either is
 * checked and stored, and the answer is the stored picture.
 */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { maxBytes } = app.config.images;
  await acceptOnePicture(app, maxBytes);

  app.post(
    '/',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['images'],
        summary:
          'Store a picture (admin): multipart/form-data with one file, or JSON {"url"} fetched once by the server',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: StoredImageSchema, 413: errors[400], ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        // JSON {"url": …}: the server fetches the picture once and stores it.
        const body = request.body as { url?: unknown } | undefined;
        const url = body && typeof body === 'object' ? body.url : undefined;
        if (typeof url !== 'string' || url.trim() === '' || url.length > 2048) {
          throw badRequest(
            'Send the picture as multipart/form-data with one file, or as JSON {"url": "https://…"}.',
          );
        }
        try {
          return reply.code(201).send(toPicture(await app.images.storeFromUrl(url)));
        } catch (error) {
          if (error instanceof ImageRefused) throw badRequest(error.message);
          throw error;
        }
      }
      const bytes = await uploadedPicture(request, maxBytes);
      try {
        const stored = await app.images.store(bytes);
        return reply.code(201).send(toPicture(stored));
      } catch (error) {
        if (error instanceof ImageRefused) throw badRequest(error.message);
        throw error;
      }
    },
  );
};

export default imageRoutes;
