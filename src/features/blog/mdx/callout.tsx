import React, { type ReactNode } from 'react';
import styled from 'styled-components';

export type CalloutTone = 'note' | 'tip' | 'warning';

const TONE_LABEL: Record<CalloutTone, string> = {
  note: 'Note',
  tip: 'Tip',
  warning: 'Warning',
};

export interface CalloutProps {
  /** Sets the colour and the word read before the title ("Note", "Tip", "Warning"). */
  tone?: CalloutTone;
  /** A short heading for the box; without one, the tone's word stands alone. */
  title?: string;
  children: ReactNode;
}

/**
 * A boxed aside in an MDX post: a point the reader should not miss. It is a note (role="note")
 * named by its tone and title, so a screen reader announces it as set apart from the text, and the
 * tone's word is written out, so the meaning never rests on colour alone. Drawn at build time; it
 * has no state and no handlers.
 */
export function Callout({ tone = 'note', title, children }: CalloutProps) {
  const label = TONE_LABEL[tone];
  return (
    <Box
      $tone={tone}
      role="note"
      aria-label={title ? `${label}: ${title}` : label}
      data-callout={tone}
    >
      <Title>
        <ToneWord $tone={tone}>{label}</ToneWord>
        {title ? <span>{title}</span> : null}
      </Title>
      <Body>{children}</Body>
    </Box>
  );
}

const Box = styled.aside<{ $tone: CalloutTone }>`
  margin: 0 0 ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $tone }) =>
      $tone === 'warning'
        ? theme.colors.warning
        : $tone === 'tip'
          ? theme.colors.success
          : theme.colors.info};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.6;
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-weight: 700;
`;

const ToneWord = styled.span<{ $tone: CalloutTone }>`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme, $tone }) =>
    $tone === 'warning'
      ? theme.colors.warning
      : $tone === 'tip'
        ? theme.colors.success
        : theme.colors.info};
`;

const Body = styled.div`
  > :last-child {
    margin-bottom: 0;
  }
`;
