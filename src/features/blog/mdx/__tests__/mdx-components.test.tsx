import { screen, within } from '@testing-library/react';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { renderWithProviders } from '@/testing/render-with-providers';
import { theme } from '@/styles/theme';
import { mdxComponents } from '..';
import { AgentLoopDiagram } from '../agent-loop-diagram';
import { Callout } from '../callout';

/** The markup the build writes into the page for an element (no browser, no effects). */
function staticMarkup(element: React.ReactElement): string {
  return renderToStaticMarkup(<ThemeProvider theme={theme}>{element}</ThemeProvider>);
}

describe('mdxComponents', () => {
  it('offers MDX posts exactly the documented components', () => {
    expect(Object.keys(mdxComponents).sort()).toEqual(['AgentLoopDiagram', 'Callout']);
  });

  it('draws markup only: no script, no handler attribute, no javascript: address', () => {
    const html = staticMarkup(
      <>
        <AgentLoopDiagram caption="Loop" maxTurns={8} />
        <Callout tone="warning" title="Careful">
          <p>Text</p>
        </Callout>
      </>,
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('AgentLoopDiagram', () => {
  it('is one image named and described in words, with its caption as visible text', () => {
    renderWithProviders(<AgentLoopDiagram caption="One turn of the loop." maxTurns={8} />);
    const image = screen.getByRole('img', { name: "The agent's tool loop" });
    expect(image).toHaveAccessibleDescription(
      /The model decides whether to answer or to call a tool\..*At most 8 turns are allowed\./,
    );
    const figure = image.closest('figure');
    expect(figure).not.toBeNull();
    expect(within(figure!).getByText('One turn of the loop.').tagName).toBe('FIGCAPTION');
  });

  it('draws the five steps in order and the turn budget on the loop arrow', () => {
    const { container } = renderWithProviders(<AgentLoopDiagram caption="c" maxTurns={5} />);
    const titles = [...container.querySelectorAll('text.step-title')].map((t) => t.textContent);
    expect(titles).toEqual([
      'Goal arrives',
      'Model decides',
      'Tool runs',
      'Result observed',
      'Answer',
    ]);
    expect(container.querySelector('text.loop-label')).toHaveTextContent('next turn (max 5)');
  });

  it('without a budget the loop arrow says "next turn" and the description names none', () => {
    const { container } = renderWithProviders(<AgentLoopDiagram caption="c" />);
    expect(container.querySelector('text.loop-label')).toHaveTextContent(/^next turn$/);
    expect(screen.getByRole('img')).not.toHaveAccessibleDescription(/At most/);
  });

  it('two diagrams on one page keep their own ids, and every arrow points at its own marker', () => {
    const { container } = renderWithProviders(
      <>
        <AgentLoopDiagram caption="first" />
        <AgentLoopDiagram caption="second" />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const svg of container.querySelectorAll('svg')) {
      const marker = svg.querySelector('marker');
      expect(marker).not.toBeNull();
      const ends = [...svg.querySelectorAll('[marker-end]')].map((e) =>
        e.getAttribute('marker-end'),
      );
      expect(ends.length).toBe(5);
      expect(new Set(ends)).toEqual(new Set([`url(#${marker!.id})`]));
    }
  });
});

describe('Callout', () => {
  it('is a note named by its tone and title, with the tone written out', () => {
    renderWithProviders(
      <Callout tone="warning" title="Budgets belong in code">
        <p>A counter stops the ninth call.</p>
      </Callout>,
    );
    const note = screen.getByRole('note', { name: 'Warning: Budgets belong in code' });
    expect(within(note).getByText('Warning')).toBeVisible();
    expect(within(note).getByText('Budgets belong in code')).toBeVisible();
    expect(within(note).getByText('A counter stops the ninth call.')).toBeVisible();
    expect(note).toHaveAttribute('data-callout', 'warning');
  });

  it('defaults to a note, and without a title is named by its tone alone', () => {
    renderWithProviders(
      <Callout>
        <p>Body</p>
      </Callout>,
    );
    expect(screen.getByRole('note', { name: 'Note' })).toHaveAttribute('data-callout', 'note');
  });

  it.each([
    ['tip', 'Tip'],
    ['note', 'Note'],
    ['warning', 'Warning'],
  ] as const)('tone %s reads "%s"', (tone, word) => {
    renderWithProviders(
      <Callout tone={tone} title="T">
        <p>B</p>
      </Callout>,
    );
    expect(screen.getByRole('note', { name: `${word}: T` })).toBeInTheDocument();
  });
});
