/**
 * The element a document page without islands carries where the server may add the island
 * loader for a signed-in member of staff: <template id="staff-island-loader" data-src="…">.
 * server/src/plugins/static-site.ts looks for the same id.
 */
export const STAFF_LOADER_MARKER_ID = 'staff-island-loader';
