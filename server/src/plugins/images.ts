import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error';
import { GiveawayCards } from '../services/images/giveaway-card';
import { ImageService, MEDIA_PATH, mediaType } from '../services/images/service';
import { movePrizePictures } from '../services/images/move-prize-pictures';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image service: checks, encodes and stores pictures under DATA_DIR/media/. */
    images: ImageService;
    /** Giveaways' social cards, stored beside the pictures (services/images/giveaway-card.ts). */
    giveawayCards: GiveawayCards;
  }
}

/** A stored file's address: /media/<key>/<width>.<ext>, nothing else. */
const KEY = /^[0-9a-f]{32}$/;
const FILE = /^([1-9][0-9]{0,4})\.(avif|webp|jpg)$/;

/** First background run after start, then again this often while giveaways wait for a try. */
const MOVE_FIRST_MS = 5_000;
const MOVE_EVERY_MS = 60 * 60 * 1000;

/**
 * Serves stored pictures at /media/… (immutable: a key names one image's bytes and encoding, so
 * its files never change) and moves giveaways that name a prize picture only by address over to
 * stored ones in the background.
 */
export default fp(
  async function images(app: FastifyInstance) {
    const service = new ImageService(app.db, app.config.dataDir, app.config.images);
    app.decorate('images', service);
    app.decorate('giveawayCards', new GiveawayCards(app.config.dataDir, app.config.publicUrl));

    app.get<{ Params: { key: string; file: string } }>(
      `${MEDIA_PATH}/:key/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { key, file } = request.params;
        const match = FILE.exec(file);
        const missing = () => notFound(`No picture is stored at ${MEDIA_PATH}/${key}/${file}.`);
        if (!KEY.test(key) || !match) throw missing();
        const full = path.join(service.folderOf(key), file);
        let size: number;
        try {
          size = (await fs.promises.stat(full)).size;
        } catch {
          throw missing();
        }
        return reply
          .header('content-type', mediaType(match[2] as string) as string)
          .header('content-length', size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(fs.createReadStream(full));
      },
    );

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const run = async () => {
      try {
        const { left } = await movePrizePictures(app.db, service, app.log);
        if (left > 0 && !closing) timer = setTimeout(() => void run(), MOVE_EVERY_MS).unref();
      } catch (error) {
        app.log.error({ err: error }, 'Moving prize pictures over failed.');
      }
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(() => void run(), MOVE_FIRST_MS).unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'images', dependencies: ['db'] },
);
