import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error';
import { DRAFT_MEDIA_PATH, PostMediaStore } from '../services/images/post-media';

declare module 'fastify' {
  interface FastifyInstance {
    /** The post editor's uploads (DATA_DIR/post-media/), checked by the image service's rules. */
    postMedia: PostMediaStore;
  }
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * Serves the editor's uploads at /media/drafts/<file> for the preview. A file's name is a digest
 * of its bytes, so it never changes; the bytes were re-encoded by the image service.
 */
export default fp(
  async function postMedia(app: FastifyInstance) {
    const store = new PostMediaStore(app.config.dataDir, app.config.contentDir, app.config.images);
    app.decorate('postMedia', store);

    app.get<{ Params: { file: string } }>(
      `${DRAFT_MEDIA_PATH}/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        const full = await store.uploadPath(file);
        if (!full) throw notFound(`No uploaded picture is stored at ${DRAFT_MEDIA_PATH}/${file}.`);
        const size = (await fs.promises.stat(full)).size;
        return reply
          .header('content-type', TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'image/jpeg')
          .header('content-length', size)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(fs.createReadStream(full));
      },
    );
  },
  { name: 'post-media', dependencies: ['db'] },
);
