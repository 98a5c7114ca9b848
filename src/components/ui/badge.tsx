import styled from 'styled-components';

export type BadgeVariant = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const palette = {
  success: ['successBg', 'success'],
  warning: ['warningBg', 'warning'],
  danger: ['dangerBg', 'danger'],
  info: ['infoBg', 'info'],
  neutral: ['surfaceAlt', 'textMuted'],
} as const;

/** A small status pill. Text colour on its tinted background meets 4.5:1 for every variant. */
export const Badge = styled.span<{ $variant?: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0.125rem 0.625rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $variant = 'neutral' }) => theme.colors[palette[$variant][0]]};
  color: ${({ theme, $variant = 'neutral' }) => theme.colors[palette[$variant][1]]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.02em;
  line-height: 1.6;
  white-space: nowrap;
`;
