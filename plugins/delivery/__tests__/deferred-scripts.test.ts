/**
 * @jest-environment node
 */
import { chunkMapFile, deferPageScripts, loaderSource } from '../deferred-scripts';

// The shape Gatsby 5 stitches into every page from public/_gatsby/slices/_gatsby-scripts-1.html.
const MAP = 'window.___chunkMapping="{\\"app\\":[\\"/app-1.js\\"]}";';
const PAGE = [
  '<!DOCTYPE html><html><head></head><body><div id="___gatsby">text</div>',
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>',
  `\n          <script\n            id="gatsby-chunk-mapping"\n          >\n            ${MAP}\n          </script>\n        `,
  '<script>window.___webpackCompilationHash="abc";</script>',
  '<script src="/polyfill-1.js" nomodule></script>',
  '<script src="/webpack-runtime-1.js" async></script>',
  '<script src="/framework-2.js" async></script>',
  '<script src="/app-3.js" async></script>',
  '</body></html>',
].join('');

describe('deferPageScripts', () => {
  const { html, chunkMap } = deferPageScripts(PAGE);

  it('moves the inline chunk map into a content-hashed file', () => {
    expect(chunkMap).toEqual(chunkMapFile(`${MAP}\n`));
    expect(chunkMap?.fileName).toMatch(/^chunk-map-[0-9a-f]{20}\.js$/);
    expect(html).not.toContain('___chunkMapping');
  });

  it('replaces the async script tags with one loader, the chunk map first, order kept', () => {
    expect(html).not.toMatch(/<script src="[^"]+" async>/);
    expect(html).toContain(
      `<script id="deferred-scripts">${loaderSource([
        `/${chunkMap?.fileName ?? ''}`,
        '/webpack-runtime-1.js',
        '/framework-2.js',
        '/app-3.js',
      ])}</script></body>`,
    );
  });

  it('leaves the page path, compilation hash and nomodule polyfill inline, in place', () => {
    expect(html).toContain('window.pagePath="/"');
    expect(html).toContain('<script>window.___webpackCompilationHash="abc";</script>');
    expect(html).toContain('<script src="/polyfill-1.js" nomodule></script><script id="deferred');
  });

  it('is a no-op on a page it already rewrote', () => {
    expect(deferPageScripts(html)).toEqual({ html, chunkMap: null });
  });

  it('gives a page an earlier build rewrote the current loader, same scripts', () => {
    const older = html.replace(
      /<script id="deferred-scripts">[^<]*\((\[[^\]]*\]),document\)<\/script>/,
      '<script id="deferred-scripts">(function(s,d){/* an older loader */})($1,document)</script>',
    );
    expect(older).not.toBe(html);
    expect(deferPageScripts(older)).toEqual({ html, chunkMap: null });
  });

  it('names the chunk map by content, so a new build gets a new file', () => {
    expect(chunkMapFile('a').fileName).not.toBe(chunkMapFile('b').fileName);
    expect(chunkMapFile('a').fileName).toBe(chunkMapFile('a').fileName);
  });
});

describe('loaderSource', () => {
  function run(visibility: DocumentVisibilityState) {
    const appended: { src: string; async: boolean }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const doc = {
      visibilityState: visibility,
      createElement: () => ({ src: '', async: true }),
      body: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    };
    const source = loaderSource(['/a.js', '/b</script>.js']).replace(/document\)$/, 'doc)');
    // The loader is plain ES5 for an inline <script>; run it against a fake document.
    new Function('window', 'requestAnimationFrame', 'setTimeout', 'doc', source)(
      { requestAnimationFrame: true },
      (cb: () => void) => frames.push(cb),
      (cb: () => void) => timers.push(cb),
      doc,
    );
    return { appended, frames, timers };
  }

  it('requests the scripts, ordered (async=false), only in a task after the second frame', () => {
    const { appended, frames, timers } = run('visible');
    expect(appended).toEqual([]);
    frames.shift()?.();
    expect(appended).toEqual([]);
    expect(timers).toEqual([]);
    frames.shift()?.();
    expect(appended).toEqual([]);
    timers.forEach((cb) => cb());
    expect(appended).toEqual([
      { src: '/a.js', async: false },
      { src: '/b</script>.js', async: false },
    ]);
  });

  it('requests them at once in a background tab, which paints nothing', () => {
    expect(run('hidden').appended.map((el) => el.src)).toEqual(['/a.js', '/b</script>.js']);
  });

  it('cannot end its own script element', () => {
    expect(loaderSource(['/b</script>.js'])).not.toContain('</script>');
  });
});
