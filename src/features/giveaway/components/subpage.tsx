import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { ArrowLeftIcon } from '@/components/icons';
import { Container } from '@/components/ui/container';

const Header = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.gradients.soft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h1`
  margin: ${({ theme }) => theme.space[3]} 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Lead = styled.p`
  max-width: 760px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: 600;
`;

export const SubpageBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 860px;
  padding-block: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[16]};

  &[data-wide] {
    max-width: none;
  }
`;

export interface SubpageProps {
  giveawayId: string;
  title: string;
  /** Usually the giveaway's title, once known. */
  lead?: React.ReactNode;
  children: React.ReactNode;
  /** The container's full width (a wide table), instead of a column for reading. */
  wide?: boolean;
}

/** The frame of a giveaway's own pages (rules, receipt check, verification, claim). */
export function Subpage({ giveawayId, title, lead, children, wide = false }: SubpageProps) {
  return (
    <>
      <Header>
        <Container>
          <Back to={`/giveaway/${giveawayId}`}>
            <ArrowLeftIcon size={18} />
            Back to the Giveaway
          </Back>
          <Title>{title}</Title>
          {lead ? <Lead>{lead}</Lead> : null}
        </Container>
      </Header>
      <Container>
        <SubpageBody data-wide={wide || undefined}>{children}</SubpageBody>
      </Container>
    </>
  );
}

/** A monospaced value that wraps anywhere (hashes, seeds). */
export const Mono = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
`;

/** Term/definition pairs in two columns from the small breakpoint up. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 12rem minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};

    dd {
      margin: 0;
    }
  }
`;
