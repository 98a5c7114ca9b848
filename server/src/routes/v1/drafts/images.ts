import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DraftIdParamsSchema, PostUploadSchema } from '@site/contracts';
import { OWN_MEDIA_PREFIX } from '@site/pipeline';
import { accountRateLimit } from '../../../lib/client-key';
import { acceptOnePicture, uploadedPicture } from '../../../lib/picture-upload';
import { HttpError, notFound } from '../../../lib/http-error';
import { draftExists } from '../../../services/drafts/service';
import { ImageRefused } from '@site/pipeline/image-service';
import { errors } from '../errors';

/**
 * Pictures for a draft (admin, editor): one file per request, checked and re-encoded by the image
 * service's rules, stored until the post is published and then copied into its folder.
 */
const draftImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { maxBytes } = app.config.images;
  await acceptOnePicture(app, maxBytes);

  app.post(
    '/:id/images',
    {
      onRequest: app.requireRole('admin', 'editor'),
      schema: {
        tags: ['drafts'],
        summary:
          'Upload a picture for a draft (multipart/form-data, one file): checked by its bytes (JPEG, PNG, WebP, GIF or AVIF; no SVG), size and pixel limits before decoding, re-encoded without metadata; answers how the body names it, media/<file> (admin, editor)',
        consumes: ['multipart/form-data'],
        params: DraftIdParamsSchema,
        response: { 201: PostUploadSchema, 413: errors[400], 415: errors[400], ...errors },
      },
      config: { rateLimit: accountRateLimit(app.config.accountLimits.upload) },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'Send the picture as multipart/form-data with one file (the editor does this for you).',
        );
      }
      if (!(await draftExists(app.db, request.params.id))) {
        throw notFound(
          `There is no draft ${request.params.id}; it may have been published or deleted.`,
        );
      }
      // The editor asks for the preview of the picture next: its compiler loads meanwhile.
      app.compiler.warm();
      const bytes = await uploadedPicture(request, maxBytes);
      try {
        const stored = await app.postMedia.store(bytes);
        const picture = await app.postMedia.previewPicture(stored.file);
        if (!picture) throw new Error(`The upload ${stored.file} was not found after storing it.`);
        return await reply.code(201).send({
          file: stored.file,
          src: `${OWN_MEDIA_PREFIX}${stored.file}`,
          width: stored.width,
          height: stored.height,
          bytes: stored.bytes,
          picture,
        });
      } catch (error) {
        if (error instanceof ImageRefused) {
          const status = { type: 415, size: 413, content: 400 }[error.kind];
          throw new HttpError(status, error.message);
        }
        throw error;
      }
    },
  );
};

export default draftImageRoutes;
