import { render } from '@testing-library/react';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IconSprite, IconSpriteProvider } from '../icon-base';
import { ArrowRightIcon, CheckIcon } from '../icons';
import { LogoMark, MailIcon } from '../layout-icons';

/**
 * A server render, in jsdom: React warns that the icons' layout effect (the browser's fallback)
 * does nothing there, which is what a server render means.
 */
function serverRender(ui: React.ReactElement): HTMLElement {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(ui);
  quiet.mockRestore();
  return container;
}

function Page() {
  return (
    <IconSpriteProvider>
      <header>
        <LogoMark size={30} />
      </header>
      <ul>
        <li>
          <CheckIcon size={16} /> one
        </li>
        <li>
          <CheckIcon size={16} /> two
        </li>
        <li>
          <ArrowRightIcon /> three
        </li>
      </ul>
      <footer>
        <LogoMark size={28} />
      </footer>
      <IconSprite />
    </IconSpriteProvider>
  );
}

describe('the icon sprite', () => {
  it('draws each icon a page uses once, and every use refers to it (server render)', () => {
    const container = serverRender(<Page />);

    const symbols = [...container.querySelectorAll('symbol')].map((symbol) => symbol.id);
    expect(symbols).toEqual(['i-logo', 'i-check', 'i-arrow-right']);
    const uses = [...container.querySelectorAll('use')].map((use) => use.getAttribute('href'));
    expect(uses).toEqual(['#i-logo', '#i-check', '#i-check', '#i-arrow-right', '#i-logo']);
    // The logo's gradient is defined once, outside the display:none sprite (where it would not
    // paint).
    expect(container.querySelectorAll('linearGradient')).toHaveLength(1);
    expect(container.querySelector('linearGradient')?.closest('svg')?.style.display).not.toBe(
      'none',
    );
    expect(container.querySelector('symbol')?.closest('svg')?.style.display).toBe('none');
    // Icons stay decorative: hidden from assistive technology, out of the tab order.
    for (const svg of container.querySelectorAll('li svg')) {
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('focusable', 'false');
    }
  });

  it('says the grid and the stroke once, on the symbol, and only the size on each use', () => {
    const container = serverRender(<Page />);
    const [first] = container.querySelectorAll('li svg');
    expect(first).toHaveAttribute('width', '16');
    expect(first).not.toHaveAttribute('viewBox');
    expect(first).not.toHaveAttribute('stroke');
    const symbol = container.querySelector('symbol#i-check');
    expect(symbol).toHaveAttribute('viewBox', '0 0 24 24');
    expect(symbol).toHaveAttribute('stroke', 'currentColor');
    expect(symbol).toHaveAttribute('stroke-width', '1.75');
    expect(symbol).toHaveAttribute('fill', 'none');
  });

  it('adds a symbol in the browser when an icon appears outside any sprite', () => {
    expect(document.getElementById('i-mail')).toBeNull();
    render(<MailIcon />);
    const symbol = document.getElementById('i-mail');
    expect(symbol?.tagName.toLowerCase()).toBe('symbol');
    expect(symbol?.querySelector('path')).not.toBeNull();
    expect(symbol).toHaveAttribute('stroke', 'currentColor');
    // A second icon of the same kind reuses it.
    render(<MailIcon size={18} />);
    expect(document.querySelectorAll('#i-mail')).toHaveLength(1);
  });
});
