import { css } from 'styled-components';

/**
 * Out of sight but in the page: the element takes no room and shows nothing, yet assistive
 * technology still reads it (unless it is also aria-hidden, as a honeypot is). The one rule set
 * behind the global `.sr-only` class and every styled component that hides something this way;
 * `display: none` or `visibility: hidden` would hide it from screen readers too.
 */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
