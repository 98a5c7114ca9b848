import { createHash } from 'node:crypto';

/**
 * Build-time rewrite of each page's script tags (see ./gatsby-node.ts).
 *
 * Gatsby 5 stitches the same "scripts slice" into every page: an inline
 * `window.___chunkMapping=…` (one entry per page component, so it grows with every blog post,
 * since each MDX post is its own component) and `<script src=… async>` tags for the webpack
 * runtime, React and the app. Two costs follow. Async scripts that arrive before the first frame
 * run before it, so on a slow phone the server-rendered text waits for JavaScript it does not need
 * to be read; and every page carries the whole chunk map inline, uncacheable.
 *
 * The rewrite moves the chunk map into a content-hashed file (cached for good after the first
 * page) and replaces the script tags with one small inline loader that requests the chunk map and
 * the same scripts, in order, once the page has painted.
 */

const CHUNK_MAP = /<script\s+id="gatsby-chunk-mapping"\s*>([\s\S]*?)<\/script>/;
const ASYNC_SCRIPT = /<script src="(\/[^"<>]+\.js)" async(?:="")?><\/script>/g;
/** A loader written by an earlier build into a page this build did not render again. */
const EARLIER_LOADER = /<script id="deferred-scripts">[^<]*?\((\[[^\]<]*\]),document\)<\/script>/;

export interface RewriteResult {
  html: string;
  /** The chunk map file to write beside the page (same name and body for every page of a build). */
  chunkMap: { fileName: string; source: string } | null;
}

export function chunkMapFile(source: string): { fileName: string; source: string } {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 20);
  return { fileName: `chunk-map-${hash}.js`, source };
}

/**
 * Rewrites one page. A page an incremental build left as it was already has a loader; it gets the
 * current loader for the same scripts, so a change to the loader reaches every page. A page with
 * neither is returned unchanged.
 */
export function deferPageScripts(html: string): RewriteResult {
  const earlier = EARLIER_LOADER.exec(html);
  if (earlier) {
    const previous = JSON.parse((earlier[1] ?? '[]').replace(/\\u003c/g, '<')) as string[];
    const current = `<script id="deferred-scripts">${loaderSource(previous)}</script>`;
    return {
      html: html.slice(0, earlier.index) + current + html.slice(earlier.index + earlier[0].length),
      chunkMap: null,
    };
  }
  const sources: string[] = [];
  let firstAt = -1;
  let out = html.replace(ASYNC_SCRIPT, (tag: string, src: string, offset: number) => {
    if (firstAt === -1) firstAt = offset;
    sources.push(src);
    return '';
  });
  if (sources.length === 0) return { html, chunkMap: null };

  let chunkMap: RewriteResult['chunkMap'] = null;
  const mapMatch = CHUNK_MAP.exec(out);
  if (mapMatch) {
    chunkMap = chunkMapFile(`${(mapMatch[1] ?? '').trim()}\n`);
    const at = mapMatch.index;
    out = out.slice(0, at) + out.slice(at + mapMatch[0].length);
    if (at < firstAt) firstAt -= mapMatch[0].length;
    sources.unshift(`/${chunkMap.fileName}`);
  }
  const loader = `<script id="deferred-scripts">${loaderSource(sources)}</script>`;
  out = out.slice(0, firstAt) + loader + out.slice(firstAt);
  return { html: out, chunkMap };
}

/**
 * The inline loader. Scripts are inserted with async=false, which makes the browser run them in
 * insertion order while still fetching them in parallel, so the chunk map is defined before the
 * app starts. They are requested in a task after the second animation frame: the first frame after
 * the document is parsed paints it, but is shown on screen a little later (the compositor), so
 * waiting one more frame keeps the scripts from competing with that first paint. A page opened in
 * a background tab, which paints nothing until shown, requests them at once.
 */
export function loaderSource(sources: readonly string[]): string {
  // JSON escapes quotes and backslashes; `<` is escaped too so a path can never end the element.
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    `(function(s,d){function l(){s.forEach(function(u){var e=d.createElement("script");` +
    `e.src=u;e.async=false;d.body.appendChild(e)})}` +
    `if(d.visibilityState==="hidden"||!window.requestAnimationFrame){l()}` +
    `else{requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(l,0)})})}` +
    `})(${list},document)`
  );
}
