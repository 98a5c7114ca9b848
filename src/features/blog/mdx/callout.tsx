import React, { type ReactNode } from 'react';
import styled from 'styled-components';
import type { Theme } from '@/styles/theme';

/** Each tone: the word read before the title, and the theme colour of its edge and word. */
const TONES = {
  note: { word: 'Note', color: 'info' },
  tip: { word: 'Tip', color: 'success' },
  warning: { word: 'Warning', color: 'warning' },
} as const satisfies Record<string, { word: string; color: keyof Theme['colors'] }>;

export type CalloutTone = keyof typeof TONES;

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
  const { word } = TONES[tone];
  return (
    <Box
      $tone={tone}
      role="note"
      aria-label={title ? `${word}: ${title}` : word}
      data-callout={tone}
    >
      <ToneWord>{word}</ToneWord>
      {title ? <Title>{title}</Title> : null}
      <Body>{children}</Body>
    </Box>
  );
}

const Box = styled.aside<{ $tone: CalloutTone }>`
  --callout-color: ${({ theme, $tone }) => theme.colors[TONES[$tone].color]};
  margin: 0 0 ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid var(--callout-color);
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.6;
`;

const ToneWord = styled.strong`
  display: block;
  color: var(--callout-color);
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const Title = styled.strong`
  display: block;
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const Body = styled.div`
  > :last-child {
    margin-bottom: 0;
  }
`;
