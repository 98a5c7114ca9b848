import { css } from 'styled-components';

/** A small heading in muted capitals over a short list ("On this page", "Tags"). */
export const labelHeading = css`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;
