/**
 * Parts of app pages that the server draws at request time, from the database, with the same
 * React components as the page (plugins/request-render builds them). Each slot is a module
 * src/request-render/<name>.tsx exporting `render(data)` (SlotModule). Its entry here names:
 * - `page`: the prebuilt page it belongs to;
 * - `data`: the public API address (GET, no session) whose answer it is drawn from;
 * - `path` (for a page that stands for many addresses, a client-only route): the addresses the
 *   slot is drawn for, with `:id` segments. Only a path of exactly those segments whose `:id` is
 *   an id (a positive whole number) is drawn, with its id in place of `{id}` in `data`; every
 *   other address of the page (a subpage, "admin") is served as built.
 * What a slot shows must be public: the server asks `data` as a visitor with no session would.
 */
export interface RequestSlot {
  name: string;
  page: string;
  data: string;
  path?: string;
}

export const REQUEST_SLOTS: readonly RequestSlot[] = [
  { name: 'giveaway-list', page: '/giveaway', data: '/api/v1/giveaway' },
  {
    name: 'giveaway-detail',
    page: '/giveaway/[...]',
    path: '/giveaway/:id',
    data: '/api/v1/giveaway/{id}',
  },
];

/**
 * The element in the head of a page with a slot after which the server adds the slot's styles
 * and its data (as JSON for the browser's first render).
 */
export const HEAD_MARKER_ID = 'request-render-head';

/**
 * What a slot's module renders: its HTML, and what goes in the page's head with it: the <style>
 * element with the CSS it needs, and the data it was drawn from as a
 * <script type="application/json">, which the browser's first render reads so that the app takes
 * the slot over as drawn, without a second request.
 */
export interface RenderedSlot {
  html: string;
  head: string;
}

/**
 * A slot's compiled module, as the server loads it. `render(null)` is the prebuilt state; `extra`
 * is a state of one visitor's request (an answer to a form sent as a page), never cached.
 */
export interface SlotModule {
  render(data: unknown, extra?: unknown): RenderedSlot;
}
