import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

export function PostNotFound({
  message = 'The post you are looking for does not exist.',
}: {
  message?: string;
}) {
  return (
    <Wrapper>
      <Container $narrow>
        <Icon viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <rect x="9" y="5" width="30" height="38" rx="4" />
          <path d="M16 15h16M16 22h16M16 29h9" />
          <circle cx="33" cy="35" r="7" />
          <path d="m38 40 5 5" />
        </Icon>
        <h1>Post Not Found</h1>
        <p>{message}</p>
        <ButtonLink to="/blog">Back to Blog</ButtonLink>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.section`
  padding-block: ${({ theme }) => theme.space[20]};
  text-align: center;

  h1 {
    margin: ${({ theme }) => theme.space[6]} 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space[8]};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Icon = styled.svg`
  display: block;
  margin: 0 auto;
  width: 4.5rem;
  height: 4.5rem;
  fill: ${({ theme }) => theme.colors.surfaceAlt};
  stroke: ${({ theme }) => theme.colors.primary};
  stroke-width: 2;
  stroke-linecap: round;

  circle {
    fill: ${({ theme }) => theme.colors.bg};
  }
`;
