import { documentCss, styledSheet } from '../prune';

const rules = (css: string) =>
  css
    .split('}')
    .map((part) => part.trim())
    .filter(Boolean);

describe('documentCss', () => {
  it('keeps the rules an element of the page matches and drops the others', () => {
    const css = '.card{color:red}.missing{color:blue}p{margin:0}table{width:100%}';
    expect(documentCss(css, '<div class="card"><p>Hi</p></div>')).toBe(
      '.card{color:red}p{margin:0}',
    );
  });

  it('keeps the page-wide rules: html, body, :root and the universal selector', () => {
    const css = 'html{color:red}body{margin:0}:root{--x:1}*,*::before{box-sizing:border-box}';
    expect(documentCss(css, '<p>x</p>')).toBe(css);
  });

  it('keeps states the browser reaches without script: hover, focus, open, pseudo-elements', () => {
    const css = [
      '.b:hover:not(:disabled){color:red}',
      '.b:focus-visible{outline:0}',
      'details[open] .panel{display:block}',
      '.b::after{content:""}',
      'input::placeholder{color:gray}',
      '.nav:popover-open{display:block}',
      '.nav :focus-within{color:red}',
    ].join('');
    const html =
      '<button class="b">Go</button><details><summary>More</summary><div class="panel">x</div></details>' +
      '<nav class="nav" popover><a href="/">Home</a></nav><input placeholder="Name">';
    expect(rules(documentCss(css, html))).toHaveLength(7);
  });

  it('drops a variant no element of the page has', () => {
    const css =
      ".b{color:red}.b:where([data-variant='danger']){color:darkred}.b:where([data-size='sm']){padding:0}";
    expect(documentCss(css, '<button class="b" data-size="sm">Go</button>')).toBe(
      ".b{color:red}.b:where([data-size='sm']){padding:0}",
    );
  });

  it('keeps the matching part of a selector list only', () => {
    expect(documentCss('h1,h2,h3{margin:0}', '<h2>x</h2>')).toBe('h2{margin:0}');
  });

  it('drops rules inside at-rules the same way, and at-rules left empty', () => {
    const css =
      '@media (min-width: 768px){.a{padding:1rem}.gone{padding:0}}@media print{.gone{display:none}}';
    expect(documentCss(css, '<div class="a"></div>')).toBe(
      '@media (min-width: 768px){.a{padding:1rem}}',
    );
  });

  it('keeps @keyframes whole', () => {
    const css = '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}';
    expect(documentCss(css, '<p></p>')).toBe(css);
  });

  it("drops styled-components' rehydration records and comments", () => {
    const css = '.a{color:red}/*!sc*/\ndata-styled.g1[id="sc-abc"]{content:"a,"}/*!sc*/\n';
    expect(documentCss(css, '<p class="a"></p>')).toBe('.a{color:red}');
  });

  it('rules out a selector by a class or id no element carries, only outside pseudo-classes', () => {
    const css = [
      '.a .gone{color:red}',
      '#top .a{color:blue}',
      '#nowhere{color:green}',
      '.a:not(.gone){margin:0}',
      '.a:is(.gone, p){padding:0}',
      '.x\\:y{top:0}',
    ].join('');
    const html = '<div id="top"><p class="a x:y">x</p></div>';
    expect(documentCss(css, html)).toBe(
      '#top .a{color:blue}.a:not(.gone){margin:0}.a:is(.gone, p){padding:0}.x\\:y{top:0}',
    );
  });

  it('rules out by element name in any case, and answers alike for selectors tried as one', () => {
    const css =
      'table td{padding:0}P{margin:0}.b:hover{color:red}.b:focus{color:blue}.c:hover{x:1}';
    expect(documentCss(css, '<p class="b">x</p>')).toBe(
      'P{margin:0}.b:hover{color:red}.b:focus{color:blue}',
    );
  });

  it('keeps a selector it cannot try', () => {
    const css = '.a:unknown-state(3){color:red}.b:nth-child(2 of .x){color:blue}';
    const out = documentCss(css, '<p class="a"></p>');
    expect(out).toContain('.a:unknown-state(3)');
  });

  it('treats a negation about a state as taken away, never as narrowing', () => {
    expect(
      documentCss('.a:not(:focus) .b{color:red}', '<div class="a"><i class="b"></i></div>'),
    ).toBe('.a:not(:focus) .b{color:red}');
    // A structural negation still counts.
    expect(documentCss('.a:not(.c){color:red}', '<div class="a c"></div>')).toBe('');
  });

  it('matches descendant and child structure as the page has it', () => {
    const css = '.list > li a{color:red}.list > a{color:blue}';
    expect(documentCss(css, '<ul class="list"><li><a href="/">x</a></li></ul>')).toBe(
      '.list > li a{color:red}',
    );
  });
});

describe('styledSheet', () => {
  const END = '/*!sc*/\n';
  const sheet = [
    '.base{color:red}',
    ".base:where([data-variant='danger']){color:darkred}",
    'data-styled.g1[id="sc-btn"]{content:"base,"}',
    '.card{padding:1rem}',
    '.card .gone{display:none}',
    'data-styled.g2[id="sc-card"]{content:"card,"}',
    '.extra{margin:0}',
    'data-styled.g3[id="sc-extra"]{content:"extra,"}',
  ]
    .map((part) => part + END)
    .join('');

  it('keeps every rule and the record of a component drawn inside an island', () => {
    const html =
      '<div data-island="signup"><button class="sc-btn base">Go</button></div><div class="sc-card card"></div>';
    const out = styledSheet(sheet, html);
    expect(out).toContain(".base:where([data-variant='danger'])");
    expect(out).toContain('data-styled.g1[id="sc-btn"]{content:"base,"}');
  });

  it("prunes a component outside islands and leaves out its record, but keeps the sheet's last record", () => {
    const html = '<div class="sc-card card"></div><p class="sc-extra extra"></p>';
    const out = styledSheet(sheet, html);
    expect(out).not.toContain('.base');
    expect(out).not.toContain('sc-btn');
    expect(out).not.toContain('.gone');
    expect(out).not.toContain('sc-card');
    expect(out).toContain('data-styled.g3[id="sc-extra"]');
    // Every part still ends with the separator styled-components splits the sheet on.
    expect(out.split(END).filter(Boolean)).toEqual([
      '.card{padding:1rem}',
      '.extra{margin:0}',
      'data-styled.g3[id="sc-extra"]{content:"extra,"}',
    ]);
  });
});

describe('trying only the elements that carry the name the selector ends with', () => {
  // Each selector alone, as a rule; what stays must be what a walk of the whole page keeps.
  const html =
    '<main id="top" class="page"><section class="list"><h2 class="title">A</h2>' +
    '<ul><li class="item">1</li><li class="item last">2</li></ul><p>x <em>y</em></p></section>' +
    '<aside class="side"><p class="note">n</p></aside><div data-kind="x"><span>s</span></div></main>';
  const cases: Array<[string, boolean]> = [
    ['.list .item', true],
    ['.side .item', false],
    ['.list > ul > .item', true],
    ['.list > .item', false],
    ['.item + .item', true],
    ['.last + .item', false],
    ['.title ~ p', true],
    ['.note ~ p', false],
    ['#top .note', true],
    ['.side #top', false],
    ['ul li:first-child', true],
    ['section li:nth-child(3)', false],
    ['.item:not(.last)', true],
    ['.last:not(.item)', false],
    ['.list:has(em)', true],
    ['.side:has(em)', false],
    ['[data-kind] SPAN', true],
    ['[data-kind] em', false],
    ['p em', true],
    ['aside em', false],
    ['.page .list .title', true],
    ['.side .list .title', false],
    ['.item.last', true],
    ['li.title', false],
  ];
  it.each(cases)('%s matches the page: %s', (selector, matches) => {
    const css = `${selector}{color:red}`;
    expect(documentCss(css, html)).toBe(matches ? css : '');
  });
});
