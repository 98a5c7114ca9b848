import styled from 'styled-components';
import { gridList } from '@/styles/layout';

/** A bare list whose items each start with a green check icon, top-aligned with the first line. */
export const CheckList = styled.ul`
  ${gridList(3)}

  li {
    display: flex;
    gap: ${({ theme }) => theme.space[3]};
  }

  svg {
    flex-shrink: 0;
    margin-top: 0.2rem;
    color: ${({ theme }) => theme.colors.success};
  }
`;
