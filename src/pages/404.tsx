import { type HeadFC, type PageProps } from 'gatsby';
import React, { useEffect } from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PostNotFound } from '@/features/blog/components/post-not-found';
import { isBlogAddress } from '@/features/blog/lib/not-found';
import { NotFoundLogIsland, notFoundLine } from '@/lib/not-found-log';

const Wrapper = styled.section`
  display: flex;
  align-items: center;
  min-height: 60vh;
  padding-block: ${({ theme }) => theme.space[20]};
  background: ${({ theme }) => theme.gradients.soft};
  text-align: center;
`;

const Code = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.gradients.brand};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  font-size: 6rem;
  font-weight: 800;
  letter-spacing: -0.05em;
  line-height: 1;

  ${({ theme }) => theme.media.md} {
    font-size: 8rem;
  }
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Text = styled.p`
  max-width: 32rem;
  margin: 0 auto ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export default function NotFoundPage({ location }: PageProps) {
  const { pathname } = location;

  // Logged for whoever is debugging a broken link, once per page view: inside the app by this
  // effect, on the prebuilt page (no app) by the island.
  useEffect(() => {
    console.error(notFoundLine(pathname));
  }, [pathname]);

  // Any address under /blog/ that is no post, whether the server sent the post-not-found page
  // (src/features/blog/lib/not-found.ts) or client navigation fell back to this page.
  if (isBlogAddress(pathname)) {
    return (
      <>
        <NotFoundLogIsland />
        <PostNotFound />
      </>
    );
  }

  return (
    <Wrapper>
      <NotFoundLogIsland />
      <Container>
        <Code>404</Code>
        <Title>Page Not Found</Title>
        <Text>
          The page you are looking for does not exist or has moved. Check the address, or head back
          to the homepage to find what you need.
        </Text>
        <ButtonLink to="/" size="lg">
          Return to Homepage
        </ButtonLink>
      </Container>
    </Wrapper>
  );
}

export const Head: HeadFC = ({ location }) => {
  const [Noun, noun] = isBlogAddress(location.pathname) ? ['Post', 'post'] : ['Page', 'page'];
  return (
    <Seo
      title={`${Noun} Not Found`}
      description={`The ${noun} you are looking for does not exist.`}
      pathname={location.pathname}
    >
      <meta name="robots" content="noindex" />
    </Seo>
  );
};
