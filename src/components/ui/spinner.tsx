import React from 'react';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** Announced to assistive technology and shown under the spinner, e.g. "Loading post...". */
  label: string;
  /** Hide the label visually while keeping it announced. */
  hideLabel?: boolean;
  size?: number;
  className?: string;
}

export function Spinner({ label, hideLabel = false, size = 36, className }: SpinnerProps) {
  return (
    <Wrapper role="status" className={className}>
      <Ring $size={size} aria-hidden="true" />
      <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
    </Wrapper>
  );
}
