import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/**
 * The Content-Security-Policy hashes of a built page, computed here at build time and read by the
 * server, which never derives them from what a page contains at request time.
 *
 * Only scripts the build itself writes get a hash: those in <head> and those Gatsby places after
 * the page's root element (the page path, the chunk map, the compilation hash, plugin snippets).
 * A body is hashed exactly as written, whitespace included, because that is the text the browser
 * hashes. The page's content, inside <div id="___gatsby">, is React's output with post bodies
 * compiled by the sanitising pipeline, so no inline script can be there; if one ever is, the
 * build stops rather than let the browser run it.
 */
export interface PageScripts {
  /** CSP source expressions ('sha256-…') of the page's own inline scripts. */
  hashes: string[];
  /** Inline scripts found inside the page content (a sign of injected markup). */
  stray: string[];
}

/** Script types a browser executes; JSON-LD and other data blocks are not. */
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

export function pageScripts(html: string): PageScripts {
  const hashes = new Set<string>();
  const stray: string[] = [];
  let rootDepth = 0;
  let script: { start: number; inRoot: boolean; executable: boolean } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (rootDepth > 0) rootDepth += 1;
        else if (name === 'div' && attributes.id === '___gatsby') rootDepth = 1;
        if (name === 'script') {
          const type = (attributes.type ?? '').trim().toLowerCase();
          script = {
            start: parser.endIndex + 1,
            inRoot: rootDepth > 0,
            executable: attributes.src === undefined && EXECUTABLE.has(type),
          };
        }
      },
      onclosetag(name) {
        if (name === 'script' && script) {
          const body = html.slice(script.start, parser.startIndex);
          if (script.executable && body.length > 0) {
            if (script.inRoot) stray.push(body.slice(0, 80));
            else
              hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
          }
          script = null;
        }
        if (rootDepth > 0) rootDepth -= 1;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return { hashes: [...hashes], stray };
}
