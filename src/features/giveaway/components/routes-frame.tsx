import styled from 'styled-components';

/**
 * The frame of the giveaway routes (/giveaway/*), below the site header. Its space is reserved
 * from the first frame (a full screen), so the footer starts below the fold and nothing on screen
 * moves when the giveaway, its not-found message or a subpage arrives. The server draws a
 * giveaway into the same frame (src/request-render/giveaway-detail.tsx).
 */
export const RoutesFrame = styled.div`
  min-height: calc(100vh - 4rem);
  min-height: calc(100svh - 4rem);
`;

/** The frame's content until the browser knows what to show: the routes render only there. */
export const ROUTES_LOADING_LABEL = 'Loading...';

/**
 * The giveaway id when `route` (the path after /giveaway/) is a giveaway's own page, "12";
 * null for its subpages and for /giveaway/admin.
 */
export function detailIdOf(route: string): string | null {
  return /^[1-9]\d{0,9}$/.test(route) ? route : null;
}
