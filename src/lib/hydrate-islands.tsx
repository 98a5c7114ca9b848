import React, { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { IslandGuardProvider, type IslandComponent, type IslandProps } from '@/lib/island';
import { registerIsland } from '@/lib/island-registry';
import { theme } from '@/styles/theme';

/** What the loader kept from before hydration: the control clicked, the form submitted. */
interface HeldAction {
  click?: HTMLElement;
  submit?: { form: HTMLFormElement; submitter: HTMLElement | null };
}

declare global {
  interface Window {
    ___navigate?: (to: string, options?: { replace?: boolean }) => void;
    ___loader?: { enqueue: (path: string) => void; hovering: (path: string) => void };
  }
  interface HTMLElement {
    __islandHeld?: HeldAction;
  }
}

/**
 * A document page has no Gatsby runtime, but an island may draw Gatsby's <Link> (a post card, a
 * button link), which calls the runtime's navigation and prefetching. Without the runtime a link
 * is an ordinary page load, and the server's speculation rules prefetch it.
 */
function withoutGatsbyRuntime(): void {
  if (!window.___navigate) {
    window.___navigate = (to, options) => {
      if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
    };
  }
  if (!window.___loader) {
    window.___loader = { enqueue: () => undefined, hovering: () => undefined };
  }
}

/** Once hydrated: mark the island and replay what the visitor did before. */
function Hydrated({ element }: { element: HTMLElement }) {
  useEffect(() => {
    element.setAttribute('data-island-hydrated', '');
    const held = element.__islandHeld;
    element.__islandHeld = undefined;
    if (held?.submit) {
      const { form, submitter } = held.submit;
      if (form.isConnected)
        form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null);
    } else if (held?.click?.isConnected) {
      held.click.click();
    }
  }, [element]);
  return null;
}

function readProps(element: HTMLElement): IslandProps {
  try {
    const parsed: unknown = JSON.parse(element.getAttribute('data-island-props') ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as IslandProps) : {};
  } catch {
    return {};
  }
}

/**
 * The body of an island's entry: hydrates every element of this island the loader has activated,
 * now and later. The tree matches what `island()` rendered inside the element at build time.
 */
export function hydrateIslands<P extends IslandProps>(Island: IslandComponent<P>): void {
  withoutGatsbyRuntime();
  const { islandName: name, Component } = Island;
  registerIsland(name, (element: HTMLElement) => {
    const props = readProps(element) as P;
    hydrateRoot(
      element,
      <ThemeProvider theme={theme}>
        <IslandGuardProvider value>
          <Component {...props} />
          <Hydrated element={element} />
        </IslandGuardProvider>
      </ThemeProvider>,
      {
        onRecoverableError: (error) => console.error(`Island "${name}":`, error),
      },
    );
  });
}
