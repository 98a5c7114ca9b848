import styled from 'styled-components';

/** The band of a page that is one centred card (sign-in, newsletter links): the soft gradient. */
export const CardPage = styled.section`
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
  background: ${({ theme }) => theme.gradients.soft};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]};
  }
`;
