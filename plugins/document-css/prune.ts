import { compile, is, selectAll, selectOne } from 'css-select';
import { parseDocument } from 'htmlparser2';
import postcss, { type Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * A document page's style sheet, cut down to the rules its own elements can use.
 *
 * The page is drawn once at build time and is not drawn again by the app in the browser, so a rule
 * that matches none of its elements in any state they can reach without script is dead weight in
 * every visitor's first frame: bytes to download, and selectors the browser tries against every
 * element. A rule stays when it could match an element of the page as built:
 * - states the browser changes by itself count as reached: a selector is tried with its hover,
 *   focus, checked, open and similar conditions taken away (they can only narrow a match), and
 *   with its pseudo-elements taken away (they style a part of an element that matches);
 * - a negation that speaks of such a state is taken away whole, since without it the selector
 *   matches more, never less;
 * - a selector that cannot be tried (one this matcher does not know) stays, as does every rule
 *   that is not a style rule of the page (@keyframes, @font-face).
 * What an island draws once it has its code is styled by the island itself: styled-components
 * adds the rules of what it renders when it renders it.
 */

/** Pseudo-classes about an element's place in the tree, which the built page fixes. */
const STRUCTURAL = new Set([
  ':not',
  ':is',
  ':where',
  ':has',
  ':root',
  ':first-child',
  ':last-child',
  ':only-child',
  ':nth-child',
  ':nth-last-child',
  ':first-of-type',
  ':last-of-type',
  ':only-of-type',
  ':nth-of-type',
  ':nth-last-of-type',
]);

/** Pseudo-elements that old syntax writes with one colon. */
const LEGACY_PSEUDO_ELEMENTS = new Set([':before', ':after', ':first-line', ':first-letter']);

/** Attributes the browser sets by itself, without script (a <details> or <dialog> opening). */
const STATE_ATTRIBUTES = new Set(['open']);

type Pseudo = selectorParser.Pseudo;

function isPseudoElement(node: Pseudo): boolean {
  return node.value.startsWith('::') || LEGACY_PSEUDO_ELEMENTS.has(node.value.toLowerCase());
}

/** Whether `node` holds a condition on a state the page reaches without script. */
function speaksOfState(node: selectorParser.Node): boolean {
  let found = false;
  const visit = (inner: selectorParser.Node) => {
    if (inner.type === 'pseudo') {
      const pseudo = inner as Pseudo;
      if (isPseudoElement(pseudo) || !STRUCTURAL.has(pseudo.value.toLowerCase())) found = true;
    } else if (
      inner.type === 'attribute' &&
      STATE_ATTRIBUTES.has((inner as selectorParser.Attribute).attribute)
    ) {
      found = true;
    }
  };
  if (selectorParser.isContainer(node)) node.walk(visit);
  visit(node);
  return found;
}

/**
 * The selector with every condition on a reachable state taken away: it matches an element of
 * the built page exactly when the original could match that element in some such state.
 */
function reachable(selector: string): string {
  return selectorParser((root) => {
    root.walk((node) => {
      if (node.type === 'pseudo') {
        const pseudo = node as Pseudo;
        const name = pseudo.value.toLowerCase();
        if (name === ':not') {
          if (speaksOfState(pseudo)) pseudo.remove();
        } else if (isPseudoElement(pseudo) || !STRUCTURAL.has(name)) {
          pseudo.remove();
        }
      } else if (
        node.type === 'attribute' &&
        STATE_ATTRIBUTES.has((node as selectorParser.Attribute).attribute)
      ) {
        node.remove();
      }
    });
    // A compound left empty ("a :hover" became "a ") matches any element there.
    const selectors: selectorParser.Selector[] = [];
    root.walk((node) => {
      if (node.type === 'selector') selectors.push(node as selectorParser.Selector);
    });
    selectors.push(...root.nodes);
    for (const compound of new Set(selectors)) {
      let empty = true;
      const emptyBefore: selectorParser.Combinator[] = [];
      for (const part of compound.nodes) {
        if (part.type === 'combinator') {
          if (empty) emptyBefore.push(part as selectorParser.Combinator);
          empty = true;
        } else {
          empty = false;
        }
      }
      for (const combinator of emptyBefore) {
        compound.insertBefore(combinator, selectorParser.universal());
      }
      if (empty) compound.append(selectorParser.universal());
    }
  }).processSync(selector);
}

type Query = ReturnType<typeof compile>;

/**
 * A selector made ready to try: the selector it is tried as (`reached`: with its states taken
 * away, so several selectors of a sheet often become one), its compiled query (null for one this
 * matcher does not know, whose rule stays), and the classes, ids and element names some element
 * of the page must have for it to match at all: those of its compounds outside any
 * pseudo-class's argument.
 */
interface Prepared {
  reached: string;
  query: Query | null;
  classes: string[];
  ids: string[];
  tags: string[];
  /**
   * A name the matching element itself must have (from the last compound of the selector, the
   * one that names the element matched: an id first, then a class, then an element name), or
   * null when that compound names none (`*`, an attribute alone): only the page's elements with
   * that name are tried, instead of a walk of the whole page.
   */
  subject: Subject | null;
}

type Subject = { kind: 'class' | 'id' | 'tag'; name: string };

type Needs = Pick<Prepared, 'classes' | 'ids' | 'tags' | 'subject'>;

/** The classes, ids and element names every match of `selector` needs on the page. */
function needs(selector: string): Needs {
  const found: Needs = { classes: [], ids: [], tags: [], subject: null };
  selectorParser((root) => {
    for (const compound of root.nodes) {
      let last: Subject[] = [];
      for (const part of compound.nodes) {
        if (part.type === 'combinator') {
          last = [];
        } else if (part.type === 'class') {
          found.classes.push(part.value);
          last.push({ kind: 'class', name: part.value });
        } else if (part.type === 'id') {
          found.ids.push(part.value);
          last.push({ kind: 'id', name: part.value });
        } else if (part.type === 'tag') {
          // Element names compare in lower case in an HTML page, as the matcher compares them.
          found.tags.push(part.value.toLowerCase());
          last.push({ kind: 'tag', name: part.value.toLowerCase() });
        }
      }
      // One selector (a rule's selector list is split before this), so one compound list.
      if (root.nodes.length === 1) {
        found.subject =
          last.find((name) => name.kind === 'id') ??
          last.find((name) => name.kind === 'class') ??
          last.find((name) => name.kind === 'tag') ??
          null;
      }
    }
  }).processSync(selector);
  return found;
}

/** Prepared selectors by their text, shared by every page of a build (the same rules recur). */
const prepared = new Map<string, Prepared>();

function prepare(selector: string): Prepared {
  let found = prepared.get(selector);
  if (found === undefined) {
    try {
      const reached = reachable(selector);
      found = { reached, query: compile(reached), ...needs(reached) };
    } catch {
      found = { reached: selector, query: null, classes: [], ids: [], tags: [], subject: null };
    }
    prepared.set(selector, found);
  }
  return found;
}

/** The page as parsed, in htmlparser2's tree (the one css-select reads). */
type Page = ReturnType<typeof parseDocument>;

type Element = ReturnType<typeof selectAll<Page, never>>[number];

/**
 * Every class, id and element name of a page with the elements that have it, gathered once per
 * page, and the answer for each selector tried on it (by the selector it is tried as).
 */
interface PageNames {
  classes: Map<string, Element[]>;
  ids: Map<string, Element[]>;
  tags: Map<string, Element[]>;
  answers: Map<string, boolean>;
}

const pageNames = new WeakMap<Page, PageNames>();

function add(index: Map<string, Element[]>, name: string, element: Element): void {
  const elements = index.get(name);
  if (elements === undefined) index.set(name, [element]);
  else if (elements[elements.length - 1] !== element) elements.push(element);
}

function namesOf(page: Page): PageNames {
  let names = pageNames.get(page);
  if (names === undefined) {
    names = { classes: new Map(), ids: new Map(), tags: new Map(), answers: new Map() };
    for (const element of selectAll<Page, Element>('*', page)) {
      const { name: tag, attribs = {} } = element as {
        name?: string;
        attribs?: Record<string, string>;
      };
      if (tag) add(names.tags, tag, element);
      for (const name of (attribs.class ?? '').split(/\s+/)) {
        if (name) add(names.classes, name, element);
      }
      if (attribs.id !== undefined) add(names.ids, attribs.id, element);
    }
    pageNames.set(page, names);
  }
  return names;
}

/** Whether some element of the page matches; one the matcher cannot try counts as a match. */
function tryOn(query: Query, page: Page, names: PageNames, subject: Subject | null): boolean {
  try {
    if (subject === null) return selectOne(query, page) !== null;
    const index =
      subject.kind === 'class' ? names.classes : subject.kind === 'id' ? names.ids : names.tags;
    // Only an element with the subject's name can be the one the selector matches.
    return (index.get(subject.name) ?? []).some((element) => is(element, query));
  } catch {
    return true;
  }
}

function couldMatch(selector: string, page: Page): boolean {
  const { reached, query, classes, ids, tags, subject } = prepare(selector);
  if (query === null) return true;
  const names = namesOf(page);
  // A class, id or element name the page lacks rules the selector out without a walk of the tree.
  if (classes.some((name) => !names.classes.has(name))) return false;
  if (ids.some((name) => !names.ids.has(name))) return false;
  if (tags.some((name) => !names.tags.has(name))) return false;
  let answer = names.answers.get(reached);
  if (answer === undefined) {
    answer = tryOn(query, page, names, subject);
    names.answers.set(reached, answer);
  }
  return answer;
}

/**
 * The last style sheets parsed, by their text: most pages of a build share theirs. They are
 * written out without the whitespace between nodes, and never changed once parsed: a page's
 * sheet is written from them as text.
 */
const parsed = new Map<string, Root>();

function parseOnce(css: string): Root {
  let root = parsed.get(css);
  if (!root) {
    root = postcss.parse(css);
    root.walk((node) => {
      node.raws.before = '';
      if ('after' in node.raws) node.raws.after = '';
    });
    root.raws.after = '';
    if (parsed.size >= 16) parsed.delete(parsed.keys().next().value as string);
    parsed.set(css, root);
  }
  return root;
}

/** @keyframes, whose "from" and "to" are not selectors of elements: kept whole. */
function isKeyframes(atRule: postcss.AtRule): boolean {
  return atRule.name.toLowerCase().endsWith('keyframes');
}

type Node = postcss.ChildNode;

/** A parsed node's text and a rule's selectors, worked out once per parsed sheet. */
const texts = new WeakMap<Node, string>();
const selectorLists = new WeakMap<postcss.Rule, string[]>();

function textOf(node: Node): string {
  let text = texts.get(node);
  if (text === undefined) {
    text = node.toString();
    texts.set(node, text);
  }
  return text;
}

function selectorsOf(rule: postcss.Rule): string[] {
  let selectors = selectorLists.get(rule);
  if (selectors === undefined) {
    selectors = rule.selectors;
    selectorLists.set(rule, selectors);
  }
  return selectors;
}

/**
 * The text of what `page` can use of `nodes`: rules no element matches go, a rule keeps only its
 * selectors that can match, at-rules left empty go, and so do comments.
 */
function prune(nodes: readonly Node[], page: Page): string[] {
  const kept: string[] = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type === 'rule') {
      const selectors = selectorsOf(node);
      const matching = selectors.filter((selector) => couldMatch(selector, page));
      if (matching.length === 0) continue;
      kept.push(
        matching.length === selectors.length
          ? textOf(node)
          : node.clone({ selectors: matching }).toString(),
      );
    } else if (node.type === 'atrule' && node.nodes !== undefined && !isKeyframes(node)) {
      const inner = prune(node.nodes, page);
      if (inner.length === 0) continue;
      kept.push(`@${node.name}${node.params ? ` ${node.params}` : ''}{${inner.join('')}}`);
    } else {
      kept.push(textOf(node));
    }
  }
  return kept;
}

/** The last page parsed: a page's sheets are cut against the same body one after another. */
let lastPage: { bodyHtml: string; page: Page } | null = null;

function parsePage(bodyHtml: string): Page {
  if (lastPage?.bodyHtml !== bodyHtml) {
    lastPage = {
      bodyHtml,
      page: parseDocument(`<html><head></head><body>${bodyHtml}</body></html>`),
    };
  }
  return lastPage.page;
}

/**
 * `css` without the rules that no element of `bodyHtml` (the page's body as built) can use, and
 * without comments; at-rules left empty go too. For a style sheet no script takes over.
 */
export function documentCss(css: string, bodyHtml: string): string {
  return prune(parseOnce(css).nodes, parsePage(bodyHtml)).join('');
}

/** styled-components' separator between the parts of its server-rendered sheet. */
const PART_END = '/*!sc*/\n';

interface GroupRecord {
  id: string;
  names: string[];
}

/** Each node's record, if it is one, worked out once per parsed sheet. */
const records = new WeakMap<Node, GroupRecord | null>();

/** A group's record: `data-styled.gN[id="component id"]{content:"class,class,"}`. */
function recordOf(node: Node): GroupRecord | null {
  if (node.type !== 'rule' || !node.selector.startsWith('data-styled.g')) return null;
  let record = records.get(node);
  if (record === undefined) {
    let id = '';
    selectorParser((root) => {
      root.walkAttributes((attribute) => {
        if (attribute.attribute === 'id' && attribute.value) id = attribute.value;
      });
    }).processSync(node.selector);
    let names: string[] = [];
    node.walkDecls('content', (decl) => {
      names = decl.value.replace(/^"|"$/g, '').split(',').filter(Boolean);
    });
    record = { id, names };
    records.set(node, record);
  }
  return record;
}

/** Every class of an element inside an island, or of an island's own element. */
function islandClasses(page: Page): Set<string> {
  const classes = new Set<string>();
  for (const element of selectAll('[data-island], [data-island] *', page)) {
    const names = (element as { attribs?: Record<string, string> }).attribs?.class ?? '';
    for (const name of names.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * styled-components' server-rendered sheet (`css`, in its own format: each rule ends with a
 * separator comment, and each component's rules are followed by a record naming the component
 * and its classes), cut down for a document page whose islands take the sheet over when they
 * are hydrated:
 * - a component that has an element inside an island keeps all its rules and its record: when
 *   the island runs, styled-components reads the record, keeps the rules in their order and does
 *   not write them again, and any state of the island finds its rules;
 * - every other component keeps only the rules an element of the page can use, without its
 *   record (the rules before a record are kept with it, in order, so they are not lost);
 * - the last record stays, so that no rule comes after the last record.
 */
export function styledSheet(css: string, bodyHtml: string): string {
  const page = parsePage(bodyHtml);
  const inIslands = islandClasses(page);
  const nodes = parseOnce(css).nodes.filter((node) => node.type !== 'comment');
  const parts: string[] = [];
  let group: Node[] = [];
  const lastRecord = nodes.reduce((last, node, at) => (recordOf(node) ? at : last), -1);
  nodes.forEach((node, at) => {
    const record = recordOf(node);
    if (!record) {
      group.push(node);
      return;
    }
    const island = [record.id, ...record.names].some((name) => inIslands.has(name));
    parts.push(...(island ? group.map(textOf) : prune(group, page)));
    if (island || at === lastRecord) parts.push(textOf(node));
    group = [];
  });
  parts.push(...prune(group, page));
  return parts.map((part) => part + PART_END).join('');
}
