import styled from 'styled-components';

/** A bordered surface for grouped content. `$interactive` adds a hover lift for clickable cards. */
export const Card = styled.div<{ $interactive?: boolean; $highlight?: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid
    ${({ theme, $highlight }) => ($highlight ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme, $highlight }) => ($highlight ? theme.shadows.lg : theme.shadows.sm)};
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease,
    border-color 0.2s ease;

  ${({ $interactive, theme }) =>
    $interactive
      ? `
    &:hover,
    &:focus-within {
      transform: translateY(-3px);
      box-shadow: ${theme.shadows.lg};
      border-color: ${theme.colors.primary};
    }
  `
      : ''}

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space[8]};
  }
`;

export const CardTitle = styled.h3`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const CardText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
