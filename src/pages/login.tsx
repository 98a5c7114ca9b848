import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LoginForm } from '@/features/auth/components/login-form';

const Page = styled.section`
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
  background: ${({ theme }) => theme.gradients.soft};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]};
  }
`;

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
    <Page aria-labelledby="login-title">
      <Container>
        <Panel>
          <Title id="login-title">Admin Login</Title>
          <Lead>Sign in to manage blog posts, giveaways and the inbox.</Lead>
          <LoginForm />
        </Panel>
      </Container>
    </Page>
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
