import { css } from 'styled-components';

/**
 * A cue that a box scrolls sideways: a soft shadow on each edge that has more content beyond it,
 * gone once scrolled to that end. Pure CSS ("scroll shadows"): two covers in the box's own colour
 * scroll with the content (`local`) and hide the two shadows, fixed to the box (`scroll`), when
 * the content is at that edge. `background` is the box's colour.
 */
export const scrollCue = (background = '#ffffff') => css`
  background:
    linear-gradient(to right, ${background} 30%, rgba(255, 255, 255, 0)) left center / 2.5rem 100%
      no-repeat local,
    linear-gradient(to left, ${background} 30%, rgba(255, 255, 255, 0)) right center / 2.5rem 100%
      no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.22), rgba(15, 23, 42, 0)) left
      center / 1rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.22), rgba(15, 23, 42, 0)) right
      center / 1rem 100% no-repeat scroll;
  background-color: ${background};
`;
