import styled from 'styled-components';
import { gridList } from '@/styles/layout';

export interface CardGridProps {
  /** Columns from the md breakpoint up. */
  $md: number;
  /** Columns from the lg breakpoint up; the md count carries on when left out. */
  $lg?: number;
}

/**
 * A list of cards that stack on phones and sit in equal-height columns on wider screens; each
 * list item stretches its child so card bottoms line up.
 */
export const CardGrid = styled.ul<CardGridProps>`
  ${gridList(6)}

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(${({ $md }) => $md}, minmax(0, 1fr));
  }

  ${({ theme, $lg }) =>
    $lg
      ? `${theme.media.lg} {
    grid-template-columns: repeat(${$lg}, minmax(0, 1fr));
  }`
      : ''}

  > li {
    display: flex;
  }

  > li > * {
    flex: 1;
  }
`;
