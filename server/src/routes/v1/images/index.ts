import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { StoredImageSchema } from '@site/contracts';
import { badRequest, HttpError } from '../../../lib/http-error';
import { ImageRefused, toPicture } from '../../../services/images/service';
import { errors } from '../errors';

/** Uploading a picture (admin): one file, checked and stored; the answer is the stored picture. */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { maxBytes } = app.config.images;
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 1, headerPairs: 100 },
  });

  app.post(
    '/',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['images'],
        summary: 'Upload a picture (admin): multipart/form-data with one file field',
        consumes: ['multipart/form-data'],
        response: { 201: StoredImageSchema, 413: errors[400], ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest('Send the picture as multipart/form-data with one file.');
      }
      const part = await request.file();
      if (!part) throw badRequest('The upload holds no file; please choose a picture.');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(
            413,
            `The picture is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB taken.`,
          );
        }
        throw badRequest('The upload could not be read; please try again.');
      }
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
