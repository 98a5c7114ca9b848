import { css } from 'styled-components';

/** The look of the small badge over a title on the dark hero gradient: a pale indigo pill. */
export const heroBadge = css`
  border: 1px solid rgba(165, 180, 252, 0.4);
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(99, 102, 241, 0.18);
  color: #c7d2fe;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;
