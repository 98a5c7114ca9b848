import React from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { LoginLink } from '@/components/ui/login-link';

/**
 * Shows the editor screens to admins and editors only. The stored role only decides what to
 * draw; every drafts call is checked again by the server.
 */
export function EditorAccess({ children }: { children: React.ReactNode }) {
  const { ready, isAuthenticated, canEdit } = useSession();
  if (!ready) {
    return (
      <Page>
        <Container>
          <Spinner label="Checking access..." />
        </Container>
      </Page>
    );
  }
  if (!isAuthenticated || !canEdit) {
    return (
      <Page>
        <Container $narrow>
          <Denied>
            <h1>Access Denied</h1>
            <p>You need editor or admin privileges to write and publish posts.</p>
            <LoginLink />
          </Denied>
        </Container>
      </Page>
    );
  }
  return <>{children}</>;
}

export const Page = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[16]};
`;

const Denied = styled.div`
  text-align: center;

  h1 {
    margin-bottom: ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    margin-bottom: ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
