import { screen } from '@testing-library/react';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CardActions, CardDescription, CardHeading, ListCard } from '../card';

describe('ListCard', () => {
  it('is an article named by its heading, with the picture before the text', () => {
    renderWithProviders(
      <ListCard labelledBy="t" media={<img src="/p.png" alt="Prize" />}>
        <CardHeading id="t">A title</CardHeading>
        <CardDescription>Some words.</CardDescription>
        <CardActions>
          <button type="button">Go</button>
        </CardActions>
      </ListCard>,
    );
    const card = screen.getByRole('article', { name: 'A title' });
    const [picture, body] = [...card.children];
    expect(card.children).toHaveLength(2);
    expect(picture).toBe(screen.getByRole('img', { name: 'Prize' }));
    expect(body).toContainElement(screen.getByRole('heading', { level: 3, name: 'A title' }));
    expect(body).toContainElement(screen.getByRole('button', { name: 'Go' }));
  });

  it('without a picture holds only its text', () => {
    renderWithProviders(
      <ListCard labelledBy="t">
        <CardHeading as="h2" id="t">
          Only text
        </CardHeading>
      </ListCard>,
    );
    const card = screen.getByRole('article', { name: 'Only text' });
    expect(card.children).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Only text');
  });
});
