import React, { createContext, useContext, type ComponentType } from 'react';

/**
 * Islands: the interactive parts of a document page.
 *
 * A document page (see `isDocumentPage` in contracts/src/site-build.ts) is prebuilt by Gatsby with React
 * and styled-components like every page, but served without Gatsby's runtime: a visitor who only
 * reads downloads no script. Each part where people act is an island: `island(name, Component)`
 * renders the component inside an element that names it and carries its props as JSON, and in the
 * browser the island loader (plugins/islands/loader.js) hydrates that element on its own with the
 * island's entry (src/islands/<name>.tsx) when the visitor comes near it, focuses it or points at
 * it, or at once where it is what the page is for (`load: 'now'`).
 *
 * In the full app (the app pages, and any page reached by a client-side move from one) the same
 * element is rendered and the component is simply live: the app runs it like any other.
 */

/**
 * An island's props: plain data (strings, numbers, booleans, arrays, objects of them), written into
 * the page as JSON and read back for its hydration.
 */
export type IslandProps = object;

/** The island names used on one page while it is prebuilt: read after the render to add the loader. */
export type IslandCollector = Set<string>;

const CollectorContext = createContext<IslandCollector | null>(null);

/** Provided around a document page while it is prebuilt; the islands inside it register here. */
export const IslandCollectorProvider = CollectorContext.Provider;

const GuardedContext = createContext(false);

/**
 * Set inside an island of a document page, in the prebuilt HTML and once hydrated: the island
 * loader holds a click or a submit that comes before hydration and replays it afterwards, so the
 * island's controls need not wait for hydration to be usable (see useHydrated).
 */
export const IslandGuardProvider = GuardedContext.Provider;

/** True inside an island whose early clicks and submits the island loader keeps. */
export function useIslandGuarded(): boolean {
  return useContext(GuardedContext);
}

export interface IslandOptions<P extends IslandProps = IslandProps> {
  /**
   * When the loader brings the island's code:
   * - 'near' (the default): once the page has loaded and the browser is idle, when the island
   *   comes within 400 px of the viewport; or at once when it takes focus or a pointer;
   * - 'now': at once, where the island is the first thing the page is for;
   * - 'query': at once when the address has a query string (the island's state lives there),
   *   otherwise as 'near';
   * - 'interaction': only when it takes focus or a pointer (a control few visitors use, such as
   *   Share: reading the page costs none of its code; a press before it has loaded is kept);
   * - 'staff': only for a signed-in member of staff (the staff menu).
   */
  load?: 'now' | 'near' | 'query' | 'interaction' | 'staff';
  /**
   * A localStorage key (from the island's props): when this browser holds something under it,
   * the loader brings the island at once, whatever `load` says (the giveaway's entry area, which
   * shows the entry this browser keeps in the form's reserved place on a return visit).
   */
  whenStored?: (props: P) => string;
}

export interface IslandComponent<P extends IslandProps> {
  (props: P): React.ReactElement;
  islandName: string;
  Component: ComponentType<P>;
}

/** The staff menu's island: it loads only for a signed-in member of staff (the aw_staff hint). */
export const STAFF_ISLAND = 'staff-menu';

/**
 * A component rendered as an island called `name` (the file name of its entry in src/islands/).
 * Its props must be plain JSON data: they are written into the page for the island's own hydration.
 */
export function island<P extends IslandProps>(
  name: string,
  Component: ComponentType<P>,
  options: IslandOptions<P> = {},
): IslandComponent<P> {
  function Island(props: P) {
    const collector = useContext(CollectorContext);
    collector?.add(name);
    return (
      <div
        data-island={name}
        data-island-props={JSON.stringify(props)}
        data-island-load={options.load === 'near' ? undefined : options.load}
        data-island-stored={options.whenStored?.(props)}
        style={{ display: 'contents' }}
      >
        <IslandGuardProvider value={collector !== null}>
          <Component {...props} />
        </IslandGuardProvider>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  Island.islandName = name;
  Island.Component = Component;
  return Island;
}
