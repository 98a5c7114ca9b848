import { Link, type GatsbyLinkProps } from 'gatsby-link';
import React, { forwardRef } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $block: boolean;
}

const sizeStyles: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 2.25rem;
    padding: 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    min-height: 2.75rem;
    padding: 0 ${({ theme }) => theme.space[5]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  lg: css`
    min-height: 3.25rem;
    padding: 0 ${({ theme }) => theme.space[8]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

function variantStyles(variant: ButtonVariant, theme: DefaultTheme) {
  const { colors } = theme;
  switch (variant) {
    case 'primary':
      return css`
        background: ${colors.primary};
        color: ${colors.primaryText};
        border-color: ${colors.primary};
        box-shadow: ${theme.shadows.sm};
        &:hover:not(:disabled) {
          background: ${colors.primaryHover};
          border-color: ${colors.primaryHover};
          color: ${colors.primaryText};
        }
      `;
    case 'secondary':
      return css`
        background: ${colors.bg};
        color: ${colors.primary};
        border-color: ${colors.primary};
        &:hover:not(:disabled) {
          background: ${colors.surfaceAlt};
          color: ${colors.primaryHover};
        }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: inherit;
        border-color: transparent;
        &:hover:not(:disabled) {
          background: rgba(67, 56, 202, 0.08);
          color: inherit;
        }
      `;
    case 'danger':
      return css`
        background: ${colors.danger};
        color: #ffffff;
        border-color: ${colors.danger};
        &:hover:not(:disabled) {
          background: #991b1b;
          border-color: #991b1b;
          color: #ffffff;
        }
      `;
  }
}

/** Shared look for buttons and button-styled links, exported for the rare element neither fits. */
export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    border-color 0.15s ease,
    color 0.15s ease,
    transform 0.15s ease;
  ${({ $size }) => sizeStyles[$size]}
  ${({ $variant, theme }) => variantStyles($variant, theme)}

  &:active:not(:disabled) {
    transform: translateY(1px);
  }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }

  svg {
    flex-shrink: 0;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;

interface SharedProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
}

export type ButtonProps = SharedProps & React.ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block = false, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton ref={ref} type={type} $variant={variant} $size={size} $block={block} {...rest} />
  );
});

export type ButtonLinkProps = SharedProps & Omit<GatsbyLinkProps<unknown>, 'ref'>;

/** An internal route link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  block = false,
  ...rest
}: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} $block={block} {...rest} />;
}

export type ButtonAnchorProps = SharedProps & React.AnchorHTMLAttributes<HTMLAnchorElement>;

/** An external or mailto/tel link that looks like a button. */
export function ButtonAnchor({
  variant = 'primary',
  size = 'md',
  block = false,
  ...rest
}: ButtonAnchorProps) {
  return <StyledAnchor $variant={variant} $size={size} $block={block} {...rest} />;
}
