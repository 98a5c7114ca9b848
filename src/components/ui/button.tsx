import { Link, type GatsbyLinkProps } from 'gatsby-link';
import React, { forwardRef } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * The variant, size and width travel as data attributes (left out for the defaults: primary, md,
 * auto width), so that every button shares one class and its rules are written once per page, not
 * once per combination. `:where()` keeps each attribute rule at the specificity of the class, so a
 * styled(Button) extension still overrides it as before.
 */
function styleAttributes(variant: ButtonVariant, size: ButtonSize, block: boolean) {
  return {
    'data-variant': variant === 'primary' ? undefined : variant,
    'data-size': size === 'md' ? undefined : size,
    'data-block': block ? '' : undefined,
  };
}

/** Shared look for buttons and button-styled links, exported for the rare element neither fits. */
export const buttonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  width: auto;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space[5]};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.md};
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

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primaryHover};
    border-color: ${({ theme }) => theme.colors.primaryHover};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  &:where([data-size='sm']) {
    min-height: 2.25rem;
    padding: 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  &:where([data-size='lg']) {
    min-height: 3.25rem;
    padding: 0 ${({ theme }) => theme.space[8]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  &:where([data-block]) {
    width: 100%;
  }

  &:where([data-variant='secondary']) {
    background: ${({ theme }) => theme.colors.bg};
    box-shadow: none;
    color: ${({ theme }) => theme.colors.primary};
  }

  &:where([data-variant='secondary']):hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryHover};
  }

  &:where([data-variant='ghost']) {
    background: transparent;
    border-color: transparent;
    box-shadow: none;
    color: inherit;
  }

  &:where([data-variant='ghost']):hover:not(:disabled) {
    background: rgba(67, 56, 202, 0.08);
    border-color: transparent;
    color: inherit;
  }

  &:where([data-variant='danger']) {
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: none;
    color: #ffffff;
  }

  &:where([data-variant='danger']):hover:not(:disabled) {
    background: #991b1b;
    border-color: #991b1b;
    color: #ffffff;
  }

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

/**
 * One styled component for buttons, route links and plain links alike (`as`), so a page that has
 * all three writes the button's rules once.
 */
const StyledButton = styled.button`
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
    <StyledButton ref={ref} type={type} {...styleAttributes(variant, size, block)} {...rest} />
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
  return <StyledButton as={Link} {...styleAttributes(variant, size, block)} {...rest} />;
}

export type ButtonAnchorProps = SharedProps & React.AnchorHTMLAttributes<HTMLAnchorElement>;

/** An external or mailto/tel link that looks like a button. */
export function ButtonAnchor({
  variant = 'primary',
  size = 'md',
  block = false,
  ...rest
}: ButtonAnchorProps) {
  return <StyledButton as="a" {...styleAttributes(variant, size, block)} {...rest} />;
}
