import { type Static, Type } from '@sinclair/typebox';
import { PictureSchema } from './images';

/**
 * A picture in a post as the page draws it: `<picture>` with one `<source>` per modern format
 * (none in the editor's preview, which shows the upload itself), the fallback's srcset, its
 * intrinsic size and a tiny placeholder.
 */
export const PostPictureSchema = Type.Omit(PictureSchema, ['id']);
export type PostPictureData = Static<typeof PostPictureSchema>;

/** What `POST /drafts/{id}/images` answers: the stored upload and how markdown names it. */
export const PostUploadSchema = Type.Object({
  /** The file in the post's folder (content/blog-media/<slug>/). */
  file: Type.String(),
  /** How the body and the cover name it: `media/<file>`. */
  src: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Size of the stored, re-encoded file. */
  bytes: Type.Integer(),
  /** The picture as the preview draws it. */
  picture: PostPictureSchema,
});
export type PostUpload = Static<typeof PostUploadSchema>;
