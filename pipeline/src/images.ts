import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Definition, Image, ImageReference, Root as MdastRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/**
 * Pictures in post bodies. A post names its own pictures as `media/<file>` (the file lives in the
 * post's folder, content/blog-media/<slug>/) and older posts may name an address on the web. The
 * build (and the editor's preview) resolves every such source to a `PostPicture` made by the image
 * service, and compileMarkdown, after its sanitiser, replaces each `<img>` whose source was
 * resolved by a `<picture>` built from that data only: the author's text decides nothing but the
 * alternative text, which is an attribute value like any other.
 */

/** The prefix of a post's own pictures in markdown: `![alt](media/photo-1a2b.jpg)`. */
export const OWN_MEDIA_PREFIX = 'media/';
/** A file name in a post's folder: what uploads are stored as (hash, extension). */
export const OWN_MEDIA_FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(?:jpg|png)$/;

/** One stored picture as the page draws it. */
export interface PostPicture {
  /** Intrinsic size of the largest stored width (for width/height: no layout shift). */
  width: number;
  height: number;
  /** data: address of a tiny blurred copy, drawn behind the picture while it loads. */
  placeholder: string;
  /** The fallback (JPEG) file and its srcset. */
  src: string;
  srcset: string;
  /** Modern formats, best first. */
  sources: { type: string; srcset: string }[];
}

/** Sources a body names that could not be turned into a picture, with the reason (for previews). */
export interface UnresolvedImage {
  src: string;
  reason: string;
}

export interface PictureOptions {
  /** Pictures by the source written in the markdown. */
  pictures: Record<string, PostPicture>;
  /**
   * Whether the first picture may be loaded eagerly with high priority when it is near the top
   * of the body. False when something above the body (a cover) is the largest thing on screen.
   */
  eagerFirst?: boolean;
}

/**
 * How wide a picture is drawn: the post's column, as its layout gives it. The page's side padding
 * is 20 px below 768 px and 32 px from there; the column is 760 px at most; from 1,024 px the
 * sidebar (320 px, 48 px gap) sits beside it in a container of 1,200 px at most. Saying more than
 * the box would make the browser fetch a wider file than the screen can show.
 */
export const BODY_SIZES =
  '(min-width: 1192px) 760px, (min-width: 1024px) calc(100vw - 432px), ' +
  '(min-width: 824px) 760px, (min-width: 768px) calc(100vw - 64px), calc(100vw - 40px)';
/** Top-level blocks before the first picture that still count as "near the top". */
const NEAR_TOP_BLOCKS = 2;
/** A first picture narrower than this is not the largest thing on the first screen. */
const LARGE_ENOUGH = 480;

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** The own-media file a source names (`media/x.jpg` → `x.jpg`), or null. */
export function ownMediaFile(src: string): string | null {
  if (!src.startsWith(OWN_MEDIA_PREFIX)) return null;
  const file = src.slice(OWN_MEDIA_PREFIX.length);
  return OWN_MEDIA_FILE.test(file) ? file : null;
}

/** Whether a source is an address on the web (fetched once at build time). */
export function isWebImage(src: string): boolean {
  return /^https?:\/\//i.test(src.trim());
}

export interface ImageUse {
  src: string;
  alt: string;
  /** 1-based line of the body. */
  line: number;
}

/** Every picture a markdown body shows, in order, with its alternative text and line. */
export function collectImages(body: string): ImageUse[] {
  return imagesInTree(parser.parse(body) as MdastRoot);
}

/** The pictures of a parsed body (see collectImages). */
export function imagesInTree(tree: MdastRoot): ImageUse[] {
  const definitions = new Map<string, string>();
  visit(tree, 'definition', (node: Definition) => {
    definitions.set(node.identifier.toLowerCase(), node.url);
  });
  const uses: ImageUse[] = [];
  visit(tree, (node) => {
    if (node.type === 'image') {
      const image = node as Image;
      uses.push({ src: image.url, alt: image.alt ?? '', line: image.position?.start.line ?? 1 });
    } else if (node.type === 'imageReference') {
      const reference = node as ImageReference;
      const url = definitions.get(reference.identifier.toLowerCase());
      if (url !== undefined) {
        uses.push({
          src: url,
          alt: reference.alt ?? '',
          line: reference.position?.start.line ?? 1,
        });
      }
    }
  });
  return uses;
}

/** The post's own files a body (and cover) names, once each. */
export function ownMediaFiles(sources: readonly string[]): string[] {
  const files = new Set<string>();
  for (const src of sources) {
    const file = ownMediaFile(src);
    if (file) files.add(file);
  }
  return [...files];
}

/** The `<picture>` element for a stored picture; `alt` is the author's text, as an attribute. */
export function pictureElement(
  picture: PostPicture,
  alt: string,
  loading: 'eager' | 'lazy',
  sizes = BODY_SIZES,
): Element {
  const img: Element = {
    type: 'element',
    tagName: 'img',
    properties: {
      src: picture.src,
      srcSet: picture.srcset,
      sizes,
      width: picture.width,
      height: picture.height,
      alt,
      loading,
      decoding: loading === 'eager' ? 'sync' : 'async',
      ...(loading === 'eager' ? { fetchpriority: 'high' } : {}),
      style: `background:center/cover url("${picture.placeholder}")`,
    },
    children: [],
  };
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [
      ...picture.sources.map((source): Element => ({
        type: 'element',
        tagName: 'source',
        properties: { type: source.type, srcSet: source.srcset, sizes },
        children: [],
      })),
      img,
    ],
  };
}

/** The index of the top-level block that holds `target`, or -1. */
function topLevelIndex(tree: HastRoot, target: Element): number {
  const contains = (node: ElementContent | HastRoot): boolean =>
    node === target ||
    ('children' in node && (node.children as ElementContent[]).some((child) => contains(child)));
  let index = -1;
  let position = 0;
  for (const child of tree.children) {
    if (child.type === 'element') {
      if (contains(child)) {
        index = position;
        break;
      }
      position += 1;
    }
  }
  return index;
}

/**
 * Replaces, in a sanitised tree, every `<img>` whose source has a picture by that picture. The
 * first picture loads eagerly with high priority when it stands among the first blocks and is
 * wide (the largest thing on the first screen); every other one loads lazily.
 */
export function applyPictures(tree: HastRoot, options: PictureOptions): void {
  let first = true;
  replaceImages(tree, (img, src, alt) => {
    const picture = typeof src === 'string' ? options.pictures[src] : undefined;
    if (!picture) return undefined;
    const eager =
      first &&
      options.eagerFirst !== false &&
      picture.width >= LARGE_ENOUGH &&
      topLevelIndex(tree, img) < NEAR_TOP_BLOCKS &&
      topLevelIndex(tree, img) >= 0;
    first = false;
    return pictureElement(picture, alt, eager ? 'eager' : 'lazy');
  });
}

/**
 * Walks a tree in document order and puts what `swap` returns for an `<img>` (given its source
 * and its alternative text, `''` when it has none) in the image's place; `undefined` keeps it.
 */
function replaceImages(
  tree: HastRoot,
  swap: (img: Element, src: unknown, alt: string) => ElementContent | undefined,
): void {
  const replace = (parent: HastRoot | Element) => {
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      if (child.tagName !== 'img') {
        replace(child);
        return;
      }
      const alt = typeof child.properties?.alt === 'string' ? child.properties.alt : '';
      const swapped = swap(child, child.properties?.src, alt);
      if (swapped) (parent.children as ElementContent[])[index] = swapped;
    });
  };
  replace(tree);
}

/**
 * Every `<img>` whose source could not be resolved (an address that could not be fetched) becomes
 * a plain link to that address with the alternative text, so the page keeps what the author meant
 * without loading anything from elsewhere.
 */
export function linkUnresolved(tree: HastRoot, sources: ReadonlySet<string>): void {
  replaceImages(tree, (_img, src, alt) =>
    typeof src === 'string' && sources.has(src)
      ? {
          type: 'element',
          tagName: 'a',
          properties: { href: src, target: '_blank', rel: ['noopener', 'noreferrer'] },
          children: [{ type: 'text', value: alt || src }],
        }
      : undefined,
  );
}
