/**
 * Parts of app pages that the server draws at request time, from the database, with the same
 * React components as the page (plugins/request-render builds them). Each slot is a module
 * src/request-render/<name>.tsx exporting `render(data)` (SlotModule). Its entry here names:
 * - `page`: the prebuilt page it belongs to;
 * - `data`: the public API address (GET, no session) whose answer it is drawn from;
 * - `path` (for a page that stands for many addresses, a client-only route or a section's
 *   not-found page): the addresses the slot is drawn for, with `:id` or `:slug` segments. Only a
 *   path of exactly those segments whose `:id` is an id (a positive whole number), or whose
 *   `:slug` is a post slug, is drawn, with the segment in place of `{id}` or `{slug}` in `data`;
 *   every other address of the page (a subpage, "admin") is served as built;
 * - `query`: a query parameter of the address passed on to `data` as `?name=value` when its value
 *   is an id ("version" of the rules); otherwise `data` is asked as it is;
 * - `seed` (for a slot whose prebuilt state is drawn from data, not `render(null)`): the built
 *   file of the page's query answer (Gatsby's page-data), whose `result.data` the slot draws the
 *   page's own state with.
 * - `documentFor` (for a document page that stands in for an app page): the app page it replaces
 *   for a visitor without a session (no staff hint cookie). The server then draws this slot into
 *   this page, served at the app page's address; staff get the app page as before.
 * When the API answers that there is nothing to draw (404), the page is served as built.
 * What a slot shows must be public: the server asks `data` as a visitor with no session would.
 */
import { HOME_LATEST_SEED, POST_NOT_FOUND_PAGE } from './site-build';

export interface RequestSlot {
  name: string;
  page: string;
  data: string;
  path?: string;
  query?: string;
  seed?: string;
  documentFor?: string;
}

export const REQUEST_SLOTS: readonly RequestSlot[] = [
  { name: 'giveaway-list', page: '/giveaway', data: '/api/v1/giveaway' },
  {
    name: 'giveaway-detail',
    page: '/giveaway/[...]',
    path: '/giveaway/:id',
    data: '/api/v1/giveaway/{id}',
  },
  // A post published, updated or taken down and not yet in the served build: drawn in the
  // place of the post-not-found page's content, with the post template's components.
  {
    name: 'blog-post',
    page: POST_NOT_FOUND_PAGE,
    path: '/blog/:slug',
    data: '/api/v1/blog-changes/posts/{slug}',
  },
  // /blog's list with those posts, drawn from the page's query answer.
  {
    name: 'blog-list',
    page: '/blog',
    data: '/api/v1/blog-changes/list',
    seed: 'page-data/blog/page-data.json',
  },
  // The home page's latest posts with those posts, drawn from the section's own data as built
  // (which plugins/blog leaves beside the slots).
  {
    name: 'home-latest',
    page: '/',
    data: '/api/v1/blog-changes/latest',
    seed: HOME_LATEST_SEED,
  },
  // The entrant's pages as document pages (src/pages/entrant-document/), for visitors without a
  // session.
  {
    name: 'giveaway-list-document',
    page: '/entrant-document/giveaways',
    data: '/api/v1/giveaway',
    documentFor: '/giveaway',
  },
  {
    name: 'giveaway-detail-document',
    page: '/entrant-document/giveaway',
    path: '/giveaway/:id',
    data: '/api/v1/giveaway/{id}',
    documentFor: '/giveaway/[...]',
  },
  // A giveaway's rules (any version), "Was I in the draw?" and the draw's verification as
  // document pages, for visitors without a session.
  {
    name: 'giveaway-rules-document',
    page: '/entrant-document/giveaway-rules',
    path: '/giveaway/:id/rules',
    query: 'version',
    data: '/api/v1/giveaway/{id}/rules',
    documentFor: '/giveaway/[...]',
  },
  {
    name: 'giveaway-check-document',
    page: '/entrant-document/giveaway-check',
    path: '/giveaway/:id/check',
    data: '/api/v1/giveaway/{id}',
    documentFor: '/giveaway/[...]',
  },
  {
    name: 'giveaway-verify-document',
    page: '/entrant-document/giveaway-verify',
    path: '/giveaway/:id/verify',
    data: '/api/v1/giveaway/{id}/verification',
    documentFor: '/giveaway/[...]',
  },
  // The pages a mailed link opens: the entry's confirmation and the winner's claim. Drawn with
  // the link's token for one request only (what it stands for; the page is then private).
  {
    name: 'giveaway-confirm-document',
    page: '/entrant-document/giveaway-confirm',
    path: '/giveaway/:id/confirm',
    data: '/api/v1/giveaway/{id}',
    documentFor: '/giveaway/[...]',
  },
  {
    name: 'giveaway-claim-document',
    page: '/entrant-document/giveaway-claim',
    path: '/giveaway/:id/claim',
    data: '/api/v1/giveaway/{id}',
    documentFor: '/giveaway/[...]',
  },
];

/**
 * What a slot's module renders: its HTML, and what goes in the page's head with it: the <style>
 * element with the CSS it needs, and the data it was drawn from as a
 * <script type="application/json">, which the browser's first render reads so that the app takes
 * the slot over as drawn, without a second request.
 */
export interface RenderedSlot {
  html: string;
  head: string;
  /**
   * The page's own head tags (a title, a description, a canonical address) in the place of those
   * the built page's Head wrote: for a slot that draws another page into its host page.
   */
  pageHead?: string;
  /** The answer's status when not 200 (a post taken down: its not-found page, 404). */
  status?: number;
}

/**
 * A slot's compiled module, as the server loads it. `render(null)` is the prebuilt state (or
 * `render(seed)` for a slot with a seed); `extra` is a state of one visitor's request (an answer
 * to a form sent as a page), never cached; `context` carries the site's metadata.
 */
/** What every slot is drawn with besides its data: the site's metadata, as the build knew it. */
export interface SlotContext {
  site: { title: string; description: string; siteUrl: string } | null;
  /** The address asked for (its path), for the page's canonical address. */
  path?: string;
}

export interface SlotModule {
  render(data: unknown, extra?: unknown, context?: SlotContext): RenderedSlot;
}
