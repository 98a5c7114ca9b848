import { withoutScripts } from '../floor.mjs';

describe('the floor: a page without its scripts', () => {
  const head =
    '<head><meta charset="utf-8"><title>A &amp; B</title>' +
    '<link rel="modulepreload" href="/app.js">' +
    '<link rel="preload" as="script" href="/chunk.js">' +
    '<link rel="preload" as="style" href="/site.css">' +
    '<link rel="stylesheet" href="/site.css">' +
    '<script type="application/ld+json">{"@type":"Article","name":"</p>"}</script>' +
    '</head>';
  const body =
    '<body><h1 class="title">Post</h1>' +
    '<p>Text with &lt;script&gt; written as text.</p>' +
    '<script async src="/islands/loader.js" data-island-loader=""></script>' +
    '<script>window.x = "</div>";</script>' +
    '<SCRIPT type="module">import "/m.js";</SCRIPT>' +
    '<p>After</p></body>';
  const page = `<!DOCTYPE html><html lang="en">${head}${body}</html>`;

  it('takes out executable scripts and script preloads, and keeps every other byte', () => {
    const { html, removed } = withoutScripts(page);
    expect(removed).toBe(5);
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A &amp; B</title>' +
        '<link rel="preload" as="style" href="/site.css">' +
        '<link rel="stylesheet" href="/site.css">' +
        '<script type="application/ld+json">{"@type":"Article","name":"</p>"}</script>' +
        '</head><body><h1 class="title">Post</h1>' +
        '<p>Text with &lt;script&gt; written as text.</p>' +
        '<p>After</p></body></html>',
    );
  });

  it('leaves a page without scripts as it is', () => {
    const plain = '<!DOCTYPE html><html><head><title>x</title></head><body><p>y</p></body></html>';
    expect(withoutScripts(plain)).toEqual({ html: plain, removed: 0 });
  });
});
