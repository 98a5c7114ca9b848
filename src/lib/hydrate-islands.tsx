import React, { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { IslandGuardProvider, type IslandComponent, type IslandProps } from '@/lib/island';
import { registerIsland } from '@/lib/island-registry';
import { theme } from '@/styles/theme';

/**
 * What the loader kept from before hydration: the control clicked, the form submitted, or a
 * choice made in a list, box or button group (`change`) with the value it was given.
 */
interface HeldAction {
  click?: HTMLElement;
  submit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  change?: { control: HTMLInputElement | HTMLSelectElement; value: string; checked: boolean };
}

/**
 * Gives a control the value the visitor chose before hydration and tells React, as the visitor's
 * own change would: the value is set through the element's own setter (React tracks the value it
 * last rendered, and a write through that setter is what it sees as a change), then `change`
 * and `input` are dispatched.
 */
function replayChange({ control, value, checked }: NonNullable<HeldAction['change']>): void {
  if (!control.isConnected) return;
  if (
    control instanceof HTMLInputElement &&
    (control.type === 'checkbox' || control.type === 'radio')
  ) {
    if (control.checked !== checked) control.click();
    return;
  }
  const prototype = Object.getPrototypeOf(control) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  setter?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
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
    } else if (held?.change) {
      replayChange(held.change);
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
