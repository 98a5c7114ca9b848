/**
 * The floor: a copy of a built site with every script taken out, so a benchmark can measure what
 * the pages cost with no script at all (the limit of the design: the same HTML and CSS, nothing
 * run). bench/lab/peer.mjs serves it with the production server, as it serves ours.
 *
 * Each page's HTML is read with htmlparser2 (a real HTML parser); the source ranges of these
 * elements are cut out and every other byte is kept as built:
 *   - <script> elements that run (no type, a JavaScript type or "module"); data blocks such as
 *     JSON-LD (`application/ld+json`) are data, not script, and stay;
 *   - <link> elements that fetch a script ahead: rel "modulepreload", or rel "preload" /
 *     "prefetch" with as="script".
 * Every other file is copied as it is, and the copy's .cache is a link to the source's (the
 * server reads the client-only routes from it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';

const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** True for a <link> that fetches a script ahead of its use. */
function preloadsScript(attributes) {
  const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  const fetchesAhead = rel.includes('preload') || rel.includes('prefetch');
  return fetchesAhead && (attributes.as ?? '').toLowerCase() === 'script';
}

/**
 * `html` without its scripts and script preloads. Returns the new text and how many elements were
 * taken out.
 */
export function withoutScripts(html) {
  const cuts = [];
  let open = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') {
          const type = (attributes.type ?? '').trim().toLowerCase();
          open = SCRIPT_TYPES.has(type) ? parser.startIndex : null;
        } else if (name === 'link' && preloadsScript(attributes)) {
          cuts.push([parser.startIndex, parser.endIndex + 1]);
        }
      },
      onclosetag(name) {
        if (name === 'script' && open !== null) {
          cuts.push([open, parser.endIndex + 1]);
          open = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  let out = '';
  let from = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    out += html.slice(from, start);
    from = Math.max(from, end);
  }
  out += html.slice(from);
  return { html: out, removed: cuts.length };
}

/**
 * Writes the floor of the built site in `siteRoot` (its public/ and .cache/) to `outDir`:
 * `outDir/public` (pages without scripts) and `outDir/.cache` (a link). Returns the number of
 * pages and of elements taken out.
 */
export function writeFloor(siteRoot, outDir) {
  const source = path.join(siteRoot, 'public');
  const target = path.join(outDir, 'public');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.cpSync(source, target, { recursive: true });
  fs.symlinkSync(path.join(siteRoot, '.cache'), path.join(outDir, '.cache'));
  let pages = 0;
  let removed = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const result = withoutScripts(fs.readFileSync(full, 'utf8'));
        fs.writeFileSync(full, result.html);
        pages += 1;
        removed += result.removed;
      }
    }
  };
  walk(target);
  return { pages, removed };
}
