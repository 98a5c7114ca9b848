import React from 'react';
import styled from 'styled-components';
import { Card } from '@/components/ui/card';
import { CardPage } from '@/components/ui/card-page';
import { Container } from '@/components/ui/container';

const Panel = styled(Card)`
  max-width: 560px;
  margin-inline: auto;
  text-align: center;
`;

export const PanelTitle = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

export const PanelText = styled.p`
  margin-bottom: ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const PanelActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The centred card the newsletter confirmation and unsubscribe pages share. */
export function NewsletterPageLayout({ children }: { children: React.ReactNode }) {
  return (
    <CardPage>
      <Container>
        <Panel>{children}</Panel>
      </Container>
    </CardPage>
  );
}

/** The `token` query parameter of a link from a newsletter e-mail, if any. */
export function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}
