import { createGlobalStyle } from 'styled-components';
import { visuallyHidden } from './visually-hidden';

/**
 * Site-wide base styles. Kept deliberately small: components own their look; this file only sets
 * the reset, the type scale defaults, focus visibility and helpers every page relies on.
 */
export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    /* Anchored headings must not hide under the sticky header. */
    scroll-padding-top: calc(${({ theme }) => theme.headerHeight} + 1rem);
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.6;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    font-family: ${({ theme }) => theme.fonts.heading};
    font-weight: 700;
    line-height: 1.2;
    letter-spacing: -0.015em;
    text-wrap: balance;
  }

  p, ul, ol, dl, blockquote, figure, pre, table {
    margin: 0 0 ${({ theme }) => theme.space[4]};
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    text-underline-offset: 0.2em;
  }

  a:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }

  img, svg, video, canvas {
    display: block;
    max-width: 100%;
  }

  img, video {
    height: auto;
  }

  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }

  button {
    cursor: pointer;
  }

  code, kbd, pre, samp {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.925em;
  }

  :focus {
    outline: none;
  }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }

  /* Programmatic focus targets (the main landmark after the skip link) need no ring. */
  [tabindex='-1']:focus {
    outline: none;
  }

  ::selection {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  .sr-only {
    ${visuallyHidden}
  }

  ${({ theme }) => theme.media.reducedMotion} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
