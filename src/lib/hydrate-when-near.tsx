import React, { lazy, Suspense, type ComponentType } from 'react';

/**
 * Whether the visitor has moved to another page since this document loaded: gatsby-browser's
 * onPreRouteUpdate calls markNavigated on the first move, before the next page renders. Until then the page is the prebuilt one
 * being hydrated.
 */
let navigated = false;
export function markNavigated(): void {
  navigated = true;
}

const waiting = new Map<string, Promise<void>>();
const ready = new Set<string>();

/** The page element a deferred part's prebuilt markup sits in. */
const selector = (id: string) => `[data-hydrate-when-near="${id}"]`;

/**
 * Resolves once the prebuilt element for `id` comes within `margin` of the viewport, receives
 * focus or a pointer, and `load` has brought its module (a failed load resolves too: the part's
 * own import then tries again and fails as any missing script would).
 */
function whenNear(id: string, load: () => Promise<unknown>, margin: string): Promise<void> {
  let promise = waiting.get(id);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const element = document.querySelector(selector(id));
      if (!element || typeof IntersectionObserver === 'undefined') {
        resolve();
        return;
      }
      const events = ['focusin', 'pointerover', 'pointerdown'] as const;
      const done = () => {
        observer.disconnect();
        for (const type of events) element.removeEventListener(type, done);
        resolve();
      };
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(element);
      for (const type of events) element.addEventListener(type, done);
    })
      .then(load)
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        ready.add(id);
        waiting.delete(id);
      });
    waiting.set(id, promise);
  }
  return promise;
}

/**
 * A part of a page whose script is needed only when the visitor gets to it (a form far below the
 * fold on a phone). The built page has its full markup, as for any component. When the page is
 * opened, React leaves that markup as it is (a part that suspends while React hydrates keeps the
 * server's HTML) and neither loads nor runs the part's module until the part comes within
 * `margin` of the viewport or the visitor focuses or points at it; then it loads the module and
 * hydrates the part in place, keeping what was typed into it meanwhile. After a move to another
 * page there is no prebuilt markup, and the part loads at once like any lazy component.
 *
 * Until it is hydrated the part does nothing a script would do, so it must work as plain markup
 * meanwhile (a form keeps its submit button disabled until hydrated: see useHydrated).
 *
 * `id` names the part in the page (one instance per page); `load` imports its module, which must
 * not be imported anywhere else in the page's bundle, or the script is there anyway.
 */
export function hydrateWhenNear<P extends object>(
  id: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  { margin = '400px' }: { margin?: string } = {},
): ComponentType<P> {
  // lazy() types its props with a ref for class components; the parts here are function
  // components taking exactly P.
  const Part = lazy(load) as unknown as ComponentType<P>;

  function Gate({ children }: { children: React.ReactNode }) {
    if (
      typeof window !== 'undefined' &&
      !navigated &&
      !ready.has(id) &&
      document.querySelector(selector(id))
    ) {
      // Suspending during hydration keeps the prebuilt markup until the promise settles.
      throw whenNear(id, load, margin);
    }
    return <>{children}</>;
  }

  function HydrateWhenNear(props: P) {
    return (
      <div data-hydrate-when-near={id}>
        <Suspense fallback={null}>
          <Gate>
            <Part {...props} />
          </Gate>
        </Suspense>
      </div>
    );
  }
  HydrateWhenNear.displayName = `HydrateWhenNear(${id})`;
  return HydrateWhenNear;
}
