import styled from 'styled-components';
import { scrollCue } from '@/styles/scroll-cue';

/**
 * Typography for rendered markdown: headings with their permalink icons, tables, code, quotes.
 * `data-post-body` marks the compiled body on the post page and in the editor's preview, so the
 * e2e tests can compare exactly that part of the two (e2e/pipeline.spec.ts).
 */
export const PostBody = styled.div.attrs<{ 'data-post-body'?: string }>({ 'data-post-body': '' })`
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.75;

  > *:first-child {
    margin-top: 0;
  }

  p,
  ul,
  ol,
  blockquote {
    margin: 0 0 ${({ theme }) => theme.space[5]};
  }

  h2,
  h3,
  h4 {
    position: relative;
    margin: ${({ theme }) => theme.space[10]} 0 ${({ theme }) => theme.space[4]};
    line-height: 1.3;
    scroll-margin-top: calc(${({ theme }) => theme.headerHeight} + 1rem);
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  /* gatsby-remark-autolink-headers' permalink: shown on hover or keyboard focus only. */
  a.anchor {
    margin-left: ${({ theme }) => theme.space[2]};
    opacity: 0;
    vertical-align: middle;

    svg {
      fill: ${({ theme }) => theme.colors.textMuted};
    }

    &:focus-visible {
      opacity: 1;
    }
  }

  h2:hover a.anchor,
  h3:hover a.anchor,
  h4:hover a.anchor {
    opacity: 1;
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    text-underline-offset: 2px;

    &:hover {
      color: ${({ theme }) => theme.colors.primaryHover};
    }

    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
      border-radius: 2px;
    }
  }

  ul,
  ol {
    padding-left: ${({ theme }) => theme.space[6]};
  }

  li + li {
    margin-top: ${({ theme }) => theme.space[2]};
  }

  blockquote {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
    border-left: 4px solid ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  :not(pre) > code {
    padding: 0.125rem 0.375rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }

  /* Wide tables scroll inside their own box instead of widening the page on phones. */
  table {
    display: block;
    width: 100%;
    max-width: 100%;
    margin: 0 0 ${({ theme }) => theme.space[6]};
    overflow-x: auto;
    border-collapse: collapse;
    ${scrollCue()}
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.5;
  }

  th,
  td {
    /* On phones the table scrolls sideways rather than squeezing words into a narrow column. */
    min-width: 9rem;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }

  th {
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 700;
  }

  tbody tr:nth-child(even) {
    background: ${({ theme }) => theme.colors.surface};
  }

  img {
    max-width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radii.md};
  }

  hr {
    margin: ${({ theme }) => theme.space[10]} 0;
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
