import { css } from 'styled-components';

/**
 * A card's title link whose ::after covers the card (the card must be `position: relative`), so the
 * whole card is one link target and one tab stop, with the focus ring drawn around the card.
 */
export const stretchedLink = css`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }

  &:focus-visible {
    outline: none;
  }

  &:focus-visible::after {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
