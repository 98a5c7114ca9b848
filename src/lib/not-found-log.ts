import { island } from './island';

/** The island that reports a not-found page's address; it draws nothing. */
export const NOT_FOUND_LOG = 'not-found-log';

/** The line written to the console for an address with no page. */
export const notFoundLine = (pathname: string) => `404: no page at ${pathname}`;

function Nothing() {
  return null;
}

/**
 * On a not-found document page the bad address is logged to the console by this island's entry
 * (src/islands/not-found-log.tsx), which is a few lines with no React; inside the app the page
 * logs it itself.
 */
export const NotFoundLogIsland = island(NOT_FOUND_LOG, Nothing, { load: 'now' });
