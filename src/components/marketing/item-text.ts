import { css } from 'styled-components';

/** A list item's small heading over muted text, as the marketing pages' grids and lists set it. */
export const itemText = css`
  h3 {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
