import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error';

/*
 * A picture uploaded as multipart/form-data: one file of at most the configured size, no other
 * parts or fields.
 */

/** Lets the routes of this plugin take one uploaded file of at most `maxBytes`. */
export async function acceptOnePicture(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 1, headerPairs: 100 },
  });
}

/**
 * The bytes of the one file a multipart request carries: 400 without a file or when it cannot be
 * read, 413 when it is larger than `maxBytes`.
 */
export async function uploadedPicture(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const part = await request.file();
  if (!part) throw badRequest('The upload holds no file; please choose a picture.');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `The picture is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB taken.`,
      );
    }
    throw badRequest('The upload could not be read; please try again.');
  }
}
