import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';
import { CardPage } from '@/components/ui/card-page';
import { Container } from '@/components/ui/container';
import { LoginForm } from '@/features/auth/components/login-form';

const Panel = styled(Card)`
  max-width: 440px;
  margin-inline: auto;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Lead = styled.p`
  margin-bottom: ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export default function LoginPage() {
  return (
    <CardPage aria-labelledby="login-title">
      <Container>
        <Panel>
          <Title id="login-title">Admin Login</Title>
          <Lead>Sign in to manage blog posts, giveaways and the inbox.</Lead>
          <LoginForm />
        </Panel>
      </Container>
    </CardPage>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Admin Login"
    description="Sign in to the AgentWorks admin area."
    pathname={location.pathname}
  >
    <meta name="robots" content="noindex" />
  </Seo>
);
