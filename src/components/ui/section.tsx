import React from 'react';
import styled, { css } from 'styled-components';
import { Container } from './container';

export type SectionTone = 'default' | 'muted' | 'dark';

const Outer = styled.section<{ $tone: SectionTone; $compact: boolean }>`
  padding-block: ${({ theme, $compact }) => ($compact ? theme.space[10] : theme.space[16])};
  background: ${({ theme, $tone }) =>
    $tone === 'muted'
      ? theme.colors.surface
      : $tone === 'dark'
        ? theme.gradients.hero
        : 'transparent'};
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.darkText : 'inherit')};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme, $compact }) => ($compact ? theme.space[12] : theme.space[20])};
  }
`;

const Header = styled.div<{ $center: boolean }>`
  max-width: 720px;
  margin-inline: ${({ $center }) => ($center ? 'auto' : '0')};
  margin-bottom: ${({ theme }) => theme.space[10]};
  text-align: ${({ $center }) => ($center ? 'center' : 'left')};
`;

/** The look of the short line in bold coloured capitals over a section's title. */
export const eyebrowText = css`
  margin-bottom: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const Eyebrow = styled.p`
  ${eyebrowText}
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Lead = styled.p<{ $tone: SectionTone }>`
  margin: 0;
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.darkMuted : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export interface SectionProps extends Omit<React.HTMLAttributes<HTMLElement>, 'title'> {
  /** Visible section heading; also names the region for assistive technology. */
  title?: React.ReactNode;
  eyebrow?: React.ReactNode;
  lead?: React.ReactNode;
  tone?: SectionTone;
  /** Centre the heading block (default) or align it left. */
  center?: boolean;
  compact?: boolean;
  /** Heading id, needed when several sections share a page so aria-labelledby stays unique. */
  headingId?: string;
  children?: React.ReactNode;
}

/** A full-width page band with an optional heading block and a centred container. */
export function Section({
  title,
  eyebrow,
  lead,
  tone = 'default',
  center = true,
  compact = false,
  headingId,
  children,
  ...rest
}: SectionProps) {
  const generatedId = React.useId();
  const id = headingId ?? `section-${generatedId.replace(/:/g, '')}`;
  return (
    <Outer $tone={tone} $compact={compact} aria-labelledby={title ? id : undefined} {...rest}>
      <Container>
        {title ? (
          <Header $center={center}>
            {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
            <Title id={id}>{title}</Title>
            {lead ? <Lead $tone={tone}>{lead}</Lead> : null}
          </Header>
        ) : null}
        {children}
      </Container>
    </Outer>
  );
}
