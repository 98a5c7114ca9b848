import styled, { css } from 'styled-components';

/**
 * The brand-gradient square behind an icon on the marketing pages (services, values). `$large`
 * is the size beside a service's own section heading; `$raised` adds the brand's shadow.
 */
export const IconBox = styled.span<{ $large?: boolean; $raised?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $large }) => ($large ? '3.25rem' : '3rem')};
  height: ${({ $large }) => ($large ? '3.25rem' : '3rem')};
  margin-bottom: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.gradients.brand};
  color: #ffffff;
  ${({ $raised }) =>
    $raised &&
    css`
      box-shadow: 0 8px 20px rgba(67, 56, 202, 0.25);
    `}
`;
