import { css } from 'styled-components';
import type { Theme } from './theme';

/** A step of the theme's spacing. */
type Space = keyof Theme['space'];

/** Children in a column, `gap` apart. */
export const columnStack = (gap: Space) => css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[gap]};
`;

/** A list without markers, indent or margin whose items stand in a column, `gap` apart. */
export const stackedList = (gap: Space) => css`
  ${columnStack(gap)}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Children in a row that wraps, `gap` apart. */
export const wrappingRow = (gap: Space) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[gap]};
`;

/** A list without markers, indent or margin whose items stand in a row that wraps, `gap` apart. */
export const wrappingList = (gap: Space) => css`
  ${wrappingRow(gap)}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A list without markers, indent or margin laid out as a grid, its items `gap` apart. */
export const gridList = (gap: Space) => css`
  display: grid;
  gap: ${({ theme }) => theme.space[gap]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * Children pushed to the two ends of one row, lined up by `align`, at least `gap` apart; on a
 * narrow screen the later ones wrap under the first.
 */
export const spreadRow = (
  align: 'baseline' | 'center' | 'flex-end' | 'flex-start',
  gap: Space,
) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: ${align};
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[gap]};
`;

/**
 * A page's heading and its tools at the two ends of one row, lined up at their foot; on a narrow
 * screen the tools wrap under the heading.
 */
export const headingRow = spreadRow('flex-end', 4);

/** A square `size` wide that never shrinks, its content centred in it (a mark, a close button). */
export const centredSquare = (size: string) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${size};
  height: ${size};
`;

/** The frame of a message standing in for an empty list: roomy, centred, a dashed outline. */
export const emptyFrame = css`
  padding: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
`;
