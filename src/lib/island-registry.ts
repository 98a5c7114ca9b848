/**
 * What the island loader (plugins/islands/loader.js) and an island's entry share on `window`:
 * `mount` holds each loaded island's mount function, `pending` the elements the loader activated
 * before their island's code arrived.
 */
export interface IslandsGlobal {
  mount: Record<string, (element: HTMLElement) => void>;
  pending: Record<string, HTMLElement[]>;
}

declare global {
  interface Window {
    __islands?: IslandsGlobal;
  }
}

/** Registers an island's mount function and runs it on the elements already waiting for it. */
export function registerIsland(name: string, mount: (element: HTMLElement) => void): void {
  const global = (window.__islands ??= { mount: {}, pending: {} });
  global.mount[name] = mount;
  const waiting = global.pending[name] ?? [];
  delete global.pending[name];
  for (const element of waiting) mount(element);
}
