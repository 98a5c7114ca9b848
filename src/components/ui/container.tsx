import styled from 'styled-components';

/** Centres content at the site's reading width with responsive side padding. */
export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? '800px' : theme.maxWidth)};
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.space[5]};

  ${({ theme }) => theme.media.md} {
    padding-inline: ${({ theme }) => theme.space[8]};
  }
`;
