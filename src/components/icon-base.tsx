import React, { useContext, useEffect, useLayoutEffect, useState } from 'react';

export interface IconProps extends React.SVGProps<SVGSVGElement> {
  size?: number;
}

/**
 * One drawing of the sprite: its id in the page and its shapes as SVG markup. The markup is
 * written in this folder's source files, never taken from content or from a visitor.
 */
export interface IconSymbol {
  id: string;
  shapes: string;
  /**
   * Paint servers the shapes refer to (a gradient), kept apart: one inside a display:none SVG is
   * not painted where it is used.
   */
  paints?: string;
  /**
   * Attributes of the <symbol> itself (its viewBox and the stroke its shapes inherit), written in
   * this folder's source files: said once per page here rather than on every use.
   */
  attributes?: Readonly<Record<string, string>>;
}

function attributesMarkup(attributes: IconSymbol['attributes']): string {
  return Object.entries(attributes ?? {})
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
}

/**
 * The symbols a page's icons use, gathered while the page renders: every icon adds its own, and
 * <IconSprite> (rendered after the page's content) draws each of them once.
 */
const SpriteContext = React.createContext<Map<string, IconSymbol> | null>(null);

/** Gathers the icons drawn inside it, for the <IconSprite> rendered last inside it. */
export function IconSpriteProvider({ children }: { children: React.ReactNode }) {
  const [symbols] = useState(() => new Map<string, IconSymbol>());
  return <SpriteContext.Provider value={symbols}>{children}</SpriteContext.Provider>;
}

function spriteMarkup(symbols: Map<string, IconSymbol>): { shapes: string; paints: string } {
  let shapes = '';
  let paints = '';
  for (const symbol of symbols.values()) {
    shapes += `<symbol id="${symbol.id}"${attributesMarkup(symbol.attributes)}>${symbol.shapes}</symbol>`;
    paints += symbol.paints ?? '';
  }
  return { shapes, paints };
}

/** The symbols are never drawn where they stand: the browser styles and lays out none of them. */
const SPRITE_STYLE: React.CSSProperties = { display: 'none' };

/** Paint servers must sit in a drawn SVG: this one is sized to nothing. */
const PAINTS_STYLE: React.CSSProperties = {
  position: 'absolute',
  width: 0,
  height: 0,
  overflow: 'hidden',
};

/** An svg element out of sight and out of the accessibility tree, holding `markup`. */
function HiddenSvg({ style, markup }: { style: React.CSSProperties; markup: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      style={style}
      dangerouslySetInnerHTML={{ __html: markup }}
      suppressHydrationWarning
    />
  );
}

/**
 * The page's icons, each drawn once as a <symbol>; every icon is an <svg><use href="#id"/></svg>.
 * It must come after every icon of its <IconSpriteProvider> in the tree: it reads what they
 * gathered while rendering. The markup goes in as HTML so that hydration keeps the server's
 * symbols as they are (React does not patch inner HTML on hydration); an icon whose symbol is
 * missing in the browser adds it itself (ensureSymbol).
 */
export function IconSprite() {
  const symbols = useContext(SpriteContext);
  const { shapes, paints } = symbols ? spriteMarkup(symbols) : { shapes: '', paints: '' };
  return (
    <>
      <HiddenSvg style={SPRITE_STYLE} markup={shapes} />
      <HiddenSvg style={PAINTS_STYLE} markup={paints} />
    </>
  );
}

const FALLBACK_SPRITE_ID = 'icon-sprite-added';

/**
 * In the browser: draws a symbol the page does not hold yet (an icon an island or the app shows
 * after load, outside the sprite the server rendered), into a sprite of its own.
 */
function ensureSymbol(symbol: IconSymbol) {
  if (document.getElementById(symbol.id)) return;
  let sprite: Element | null = document.getElementById(FALLBACK_SPRITE_ID);
  if (!sprite) {
    sprite = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    sprite.id = FALLBACK_SPRITE_ID;
    sprite.setAttribute('aria-hidden', 'true');
    sprite.setAttribute('focusable', 'false');
    sprite.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
    document.body.appendChild(sprite);
  }
  const element = document.createElementNS('http://www.w3.org/2000/svg', 'symbol');
  element.id = symbol.id;
  for (const [name, value] of Object.entries(symbol.attributes ?? {})) {
    element.setAttribute(name, value);
  }
  element.innerHTML = symbol.shapes;
  sprite.appendChild(element);
  // This sprite is drawn (sized to nothing), so paint servers work from inside it.
  if (symbol.paints) sprite.insertAdjacentHTML('beforeend', symbol.paints);
}

// Runs before the browser paints; on the server (where it would warn) the sprite does the work.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Registers `symbol` with the page's sprite, and makes sure the browser has it. */
export function useIconSymbol(symbol: IconSymbol) {
  const symbols = useContext(SpriteContext);
  if (symbols && !symbols.has(symbol.id)) symbols.set(symbol.id, symbol);
  useBrowserLayoutEffect(() => ensureSymbol(symbol), [symbol]);
}

/**
 * How every line icon is drawn: a 24px grid stroked in the text's colour. Set on the symbol, so the
 * shapes inherit it and each use carries only its size.
 */
const LINE_ICON: Readonly<Record<string, string>> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.75',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
};

/**
 * Decorative line icons drawn on a 24px grid, once per page in the sprite. They are aria-hidden:
 * every use sits next to text that carries the meaning. `shapes` is SVG markup, stroked as the
 * symbol says (LINE_ICON); a use fills its <svg>, whose size is the icon's.
 */
export function createIcon(name: string, shapes: string) {
  const symbol: IconSymbol = {
    id: `i-${name.replace(/Icon$/, '').replace(/[A-Z]/g, (c, at: number) => (at ? '-' : '') + c.toLowerCase())}`,
    shapes,
    attributes: LINE_ICON,
  };
  function Icon({ size = 24, ...rest }: IconProps) {
    useIconSymbol(symbol);
    return (
      <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
        <use href={`#${symbol.id}`} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}
