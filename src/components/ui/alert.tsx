import React from 'react';
import styled from 'styled-components';

export type AlertVariant = 'success' | 'error' | 'info' | 'warning';

const palette = {
  success: ['successBg', 'success'],
  error: ['dangerBg', 'danger'],
  info: ['infoBg', 'info'],
  warning: ['warningBg', 'warning'],
} as const;

const Box = styled.div<{ $variant: AlertVariant }>`
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme, $variant }) => theme.colors[palette[$variant][1]]};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $variant }) => theme.colors[palette[$variant][0]]};
  color: ${({ theme }) => theme.colors.text};

  p {
    margin: 0;
  }
`;

const Title = styled.p<{ $variant: AlertVariant }>`
  && {
    margin-bottom: ${({ theme }) => theme.space[1]};
  }
  color: ${({ theme, $variant }) => theme.colors[palette[$variant][1]]};
  font-weight: 700;
`;

export interface AlertProps {
  variant?: AlertVariant;
  title?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}

/**
 * Inline message. Errors interrupt (role="alert"); everything else is announced politely
 * (role="status") so a success message does not cut off what a screen reader is saying.
 */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  return (
    <Box role={variant === 'error' ? 'alert' : 'status'} $variant={variant} className={className}>
      {title ? <Title $variant={variant}>{title}</Title> : null}
      {children ? <div>{children}</div> : null}
    </Box>
  );
}
