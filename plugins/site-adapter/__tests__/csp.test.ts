/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { pageScripts } from '../csp';

const sha = (body: string) =>
  `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

const PAGE_PATH = '/*<![CDATA[*/window.pagePath="/";/*]]>*/';
// Gatsby 5 writes the chunk map into its scripts slice spread over lines; the browser hashes the
// element's text with that whitespace.
const CHUNK_MAP_BODY =
  '\n            window.___chunkMapping="{\\"app\\":[\\"/app-1.js\\"]}";\n          ';
const COMPILATION_HASH = 'window.___webpackCompilationHash="abc";';
const MODULE = 'document.documentElement.dataset.module="1";';

/** A page as Gatsby 5 writes it, with its scripts slice stitched in after the root element. */
const page = (content: string) =>
  [
    '<!DOCTYPE html><html><head>',
    `<script type="module">${MODULE}</script>`,
    '<script type="application/ld+json">{"headline":"x"}</script>',
    '</head><body><div id="___gatsby"><div id="gatsby-focus-wrapper">',
    '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg><p>text<img src="/a.png" alt=""><br>',
    content,
    '</div><div id="gatsby-announcer"></div></div>',
    `<script id="gatsby-script-loader">${PAGE_PATH}</script>`,
    '<!-- slice-start id="_gatsby-scripts-1" -->',
    `\n          <script\n            id="gatsby-chunk-mapping"\n          >${CHUNK_MAP_BODY}</script>\n        `,
    `<script>${COMPILATION_HASH}</script>`,
    '<script src="/polyfill-1.js" nomodule></script>',
    '<script src="/webpack-runtime-1.js" async></script>',
    '<script src="/app-3.js" async></script>',
    '<!-- slice-end id="_gatsby-scripts-1" --></body></html>',
  ].join('');

describe('pageScripts', () => {
  it("hashes each of Gatsby's own inline scripts, the chunk map included, as written", () => {
    const { hashes, stray } = pageScripts(page(''));
    expect(stray).toEqual([]);
    expect(hashes.sort()).toEqual(
      [MODULE, PAGE_PATH, CHUNK_MAP_BODY, COMPILATION_HASH].map(sha).sort(),
    );
  });

  it('hashes no data block and no script loaded from a file', () => {
    const { hashes } = pageScripts(page(''));
    expect(hashes).not.toContain(sha('{"headline":"x"}'));
    expect(hashes).toHaveLength(4);
  });

  it('reports an inline script inside the page content instead of hashing it', () => {
    const injected = 'alert(1)';
    const { hashes, stray } = pageScripts(page(`<div><script>${injected}</script></div>`));
    expect(stray).toEqual([injected]);
    expect(hashes).not.toContain(sha(injected));
    expect(hashes).toContain(sha(CHUNK_MAP_BODY));
  });
});
