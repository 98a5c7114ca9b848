import type { FastifyInstance } from 'fastify';
import type { DraftPreview, PostPictureData } from '@site/contracts';
import {
  type BodyProblem,
  CompileError,
  type Compiled,
  isWebImage,
  ownMediaFile,
  previewOf,
  refusedPreview,
} from '@site/pipeline';
import { ImageRefused } from '@site/pipeline/image-service';
import { toPicture } from '../images/service';

/**
 * The editor's preview with its pictures drawn as the page will draw them. The body is compiled
 * once to learn which pictures it names; each is resolved (an upload or one of the published
 * post's own files from the post-media store; an address on the web fetched once by the image
 * service, SSRF-guarded, and kept), and the body is compiled again with them. A picture that
 * cannot be had is a problem naming its line (an address that cannot be fetched says why), so
 * the preview fails clearly instead of the published page showing a broken picture.
 */
export async function previewWithPictures(
  app: FastifyInstance,
  body: string,
  cover: string | undefined,
  account: string | undefined,
): Promise<DraftPreview> {
  const compile = (options?: Parameters<typeof app.compiler.compile>[1]) =>
    app.compiler.compile(body, options, account);
  let first: Compiled;
  try {
    first = await compile();
  } catch (error) {
    if (error instanceof CompileError) return refusedPreview(error);
    throw error;
  }
  const coverFile = cover ? ownMediaFile(cover) : null;
  const coverPicture = coverFile ? await app.postMedia.previewPicture(coverFile) : null;
  // `cover` is answered only when the request named one.
  const withCover = (preview: DraftPreview): DraftPreview =>
    cover === undefined ? preview : { ...preview, cover: coverPicture };
  if (first.images.length === 0) return withCover(previewOf(first));

  const pictures: Record<string, PostPictureData> = {};
  const problems: BodyProblem[] = [];
  const seen = new Set<string>();
  for (const image of first.images) {
    if (seen.has(image.src)) continue;
    seen.add(image.src);
    const own = ownMediaFile(image.src);
    if (own) {
      const picture = await app.postMedia.previewPicture(own);
      if (picture) pictures[image.src] = picture;
      else {
        problems.push({
          line: image.line,
          message: `shows the picture ${image.src}, which is not stored on the server; upload it again.`,
        });
      }
    } else if (isWebImage(image.src)) {
      try {
        pictures[image.src] = await webPicture(app, image.src.trim());
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        problems.push({
          line: image.line,
          message: `shows a picture that cannot be used: ${error.message}`,
        });
      }
    }
  }
  if (problems.length > 0) return withCover(refusedPreview(new CompileError(problems)));
  try {
    const second = await compile({ pictures: { pictures, eagerFirst: !coverPicture } });
    return withCover(previewOf(second));
  } catch (error) {
    if (error instanceof CompileError) return refusedPreview(error);
    throw error;
  }
}

/** A picture on the web, fetched once: the stored one for that address, or fetched now. */
async function webPicture(app: FastifyInstance, url: string): Promise<PostPictureData> {
  const known = await app.db
    .selectFrom('images')
    .selectAll()
    .where('source_url', '=', url)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const row = known ?? (await app.images.storeFromUrl(url));
  const { width, height, placeholder, src, srcset, sources } = toPicture(row);
  return { width, height, placeholder, src, srcset, sources };
}
