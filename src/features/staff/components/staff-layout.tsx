import React from 'react';
import styled from 'styled-components';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LoginLink } from '@/components/ui/login-link';

const Page = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[20]};
  }
`;

export const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

export const Lead = styled.p`
  margin-bottom: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.textMuted};

  /* Closing a card (a message with nothing after it), it leaves the card's own padding alone. */
  &:last-child {
    margin-bottom: 0;
  }
`;

export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const Panel = styled(Card)`
  max-width: 560px;
  margin-bottom: ${({ theme }) => theme.space[8]};
`;

const Denied = styled.div`
  max-width: 560px;
  margin-inline: auto;
  text-align: center;

  p {
    margin-bottom: ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function StaffPage({ children }: { children: React.ReactNode }) {
  return (
    <Page>
      <Container>{children}</Container>
    </Page>
  );
}

/** Says a page is not for this visitor (`text`: why), with a link to log in (`login`: its words). */
export function AccessDenied({ text, login }: { text: string; login?: string }) {
  return (
    <Denied>
      <Title>Access Denied</Title>
      <p>{text}</p>
      <LoginLink>{login}</LoginLink>
    </Denied>
  );
}
