import type { Schema } from 'hast-util-sanitize' with { 'resolution-mode': 'import' };

/**
 * The last step of every compile: only the markup that markdown, GFM and our two Gatsby remark
 * plugins produce survives. Raw HTML typed by an author never reaches this point as markup (it is
 * turned into text first), so this allowlist is the second wall, not the first: if a plugin ever
 * lets author text through as markup, it still cannot add a script, a frame, a form, a style, an
 * event handler or a javascript:/data:/vbscript: address.
 *
 * Ids are not prefixed here: every id in the output is made by the pipeline (heading slugs, which
 * avoid the shell's own ids, and remark-rehype's "user-content-" footnote ids).
 */
const TOKEN = /^[a-z][\w-]*$/i;
const LANGUAGE_CLASS = /^language-[\w+#-]+$/;

export const sanitizeSchema: Schema = {
  strip: [
    'script',
    'style',
    'template',
    'noscript',
    'textarea',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'plaintext',
  ],
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
  ancestors: {
    tbody: ['table'],
    thead: ['table'],
    tr: ['table'],
    td: ['table'],
    th: ['table'],
    li: ['ol', 'ul'],
  },
  protocols: {
    href: ['http', 'https', 'mailto', 'xmpp', 'irc', 'ircs'],
    src: ['http', 'https'],
  },
  tagNames: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'input',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
    'img',
    'sup',
    'section',
    'div',
    'span',
    'svg',
    'path',
  ],
  attributes: {
    '*': [],
    h1: ['id'],
    h2: ['id', ['className', 'sr-only']],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    a: [
      'href',
      'title',
      'id',
      'ariaLabel',
      'ariaDescribedBy',
      'dataFootnoteRef',
      'dataFootnoteBackref',
      ['className', 'anchor', 'after', 'before', 'data-footnote-backref'],
      ['target', '_blank'],
      ['rel', 'noopener', 'noreferrer'],
    ],
    img: ['src', 'alt', 'title'],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    ul: [['className', 'contains-task-list']],
    ol: ['start', ['className', 'contains-task-list']],
    li: ['id', ['className', 'task-list-item']],
    section: ['dataFootnotes', ['className', 'footnotes']],
    table: [['tabIndex', 0]],
    th: ['align'],
    td: ['align'],
    div: [['className', 'gatsby-highlight', 'has-highlighted-lines'], 'dataLanguage'],
    pre: [['className', LANGUAGE_CLASS]],
    code: [['className', LANGUAGE_CLASS]],
    span: [['className', TOKEN]],
    svg: ['ariaHidden', 'focusable', 'height', 'width', 'viewBox', 'version'],
    path: ['fillRule', 'd'],
  },
  required: {
    input: { type: 'checkbox', disabled: true },
  },
};
