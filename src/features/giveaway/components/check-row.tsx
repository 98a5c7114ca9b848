import styled from 'styled-components';

/** A checkbox before its label, the box a little larger than the browser's and in the brand colour. */
export const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }

  label {
    font-weight: 600;
  }
`;
