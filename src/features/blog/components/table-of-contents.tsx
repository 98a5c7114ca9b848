import React from 'react';
import styled from 'styled-components';
import { labelHeading } from '@/styles/label-heading';

export interface TocHeading {
  level: number;
  text: string;
  id: string;
}

/** Headings as nested links; the shallowest level in the post is the top of the outline. */
export function TableOfContents({ headings }: { headings: readonly TocHeading[] }) {
  if (headings.length < 2) return null;
  const top = Math.min(...headings.map((heading) => heading.level));
  return (
    <Nav aria-labelledby="post-toc-label">
      <h2 id="post-toc-label">On this page</h2>
      <ol>
        {headings.map((heading) => (
          <Item key={heading.id} $depth={heading.level - top}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </Item>
        ))}
      </ol>
    </Nav>
  );
}

const Nav = styled.nav`
  h2 {
    ${labelHeading}
  }

  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    border-left: 2px solid ${({ theme }) => theme.colors.border};
  }
`;

const Item = styled.li<{ $depth: number }>`
  a {
    display: block;
    padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
    padding-left: ${({ $depth }) => 0.75 + $depth * 0.875}rem;
    margin-left: -2px;
    border-left: 2px solid transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.4;
    text-decoration: none;

    &:hover {
      border-left-color: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.primary};
    }

    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 0;
    }
  }
`;
