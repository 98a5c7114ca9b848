import { fireEvent, render, screen } from '@testing-library/react';
import type * as GatsbyLink from 'gatsby-link';
import React from 'react';
import { hydrateIslands } from '@/lib/hydrate-islands';
import { island } from '@/lib/island';

// Gatsby's own <Link>, not the tests' stand-in: what it calls on the page is the point here.
const { Link } = jest.requireActual<typeof GatsbyLink>('gatsby-link');

describe("an island's Gatsby <Link> on a document page (no Gatsby runtime)", () => {
  it("calls only the runtime's globals that an island's entry stands in for", () => {
    delete window.___navigate;
    delete window.___loader;
    hydrateIslands(island('link-check', () => <p>island</p>));
    const loader = window.___loader;
    if (!window.___navigate || !loader) throw new Error('no stand-in for the runtime');
    const navigate = jest.spyOn(window, '___navigate').mockImplementation(() => undefined);
    const hovering = jest.spyOn(loader, 'hovering');

    render(<Link to="/about">About</Link>);
    fireEvent.mouseEnter(screen.getByText('About'));
    fireEvent.click(screen.getByText('About'));

    expect(hovering).toHaveBeenCalledWith('/about');
    expect(navigate).toHaveBeenCalledWith('/about', expect.objectContaining({}));
  });
});
