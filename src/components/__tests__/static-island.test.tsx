import { act, fireEvent, render, screen } from '@testing-library/react';
import { navigate, prefetchPathname } from 'gatsby';
import React from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  beginInitialHydration,
  BuildTimeContent,
  endInitialHydration,
  Island,
  routerPathFor,
  StaticPage,
} from '../static-island';

const here = new URL('https://agentworks.example/blog/a-post?x=1') as unknown as Location;

function anchor(href: string, attributes: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  return a;
}

describe('routerPathFor', () => {
  it.each([
    ['/services', '/services'],
    ['/blog?category=security', '/blog?category=security'],
    ['/contact#form', '/contact#form'],
    ['https://agentworks.example/pricing', '/pricing'],
    ['../about', '/about'],
    ['/blog/a-post?x=1', '/blog/a-post?x=1'],
  ])('routes %s through Gatsby as %s', (href, path) => {
    expect(routerPathFor(anchor(href), here)).toBe(path);
  });

  it.each([
    ['#section', 'a jump within the page'],
    ['/blog/a-post?x=1#section', 'a jump within the page, written out'],
    ['https://example.org/', 'another site'],
    ['mailto:hello@agentworks.example', 'an e-mail address'],
    ['tel:+441234567890', 'a phone number'],
    ['/rss.xml', 'a file'],
    ['/files/brochure.pdf', 'a file'],
    ['/api/v1/health', 'the API'],
    ['', 'an empty href'],
  ])('leaves %s to the browser (%s)', (href) => {
    expect(routerPathFor(anchor(href), here)).toBeNull();
  });

  it('leaves links that open elsewhere or download to the browser', () => {
    expect(routerPathFor(anchor('/services', { target: '_blank' }), here)).toBeNull();
    expect(routerPathFor(anchor('/services', { download: '' }), here)).toBeNull();
    expect(routerPathFor(anchor('/services', { target: '_self' }), here)).toBe('/services');
  });

  it('routes page paths that end in .html', () => {
    expect(routerPathFor(anchor('/about.html'), here)).toBe('/about.html');
  });
});

let renders = 0;
function Counted({ label }: { label: string }) {
  renders += 1;
  return (
    <p>
      {label} <a href="/services">Services</a> <a href="https://example.org/">Elsewhere</a>
    </p>
  );
}

function Page({ frozen }: { frozen: boolean }) {
  const body = (
    <Island>
      <Counted label="Built text" />
    </Island>
  );
  return (
    <div id="gatsby-focus-wrapper">
      <h1>Title</h1>
      {frozen ? <BuildTimeContent>{body}</BuildTimeContent> : body}
    </div>
  );
}

/** Puts the server rendering of ui into the document, then hydrates it as Gatsby does. */
function hydrate(ui: React.ReactElement): { container: HTMLElement; built: string; root: Root } {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  const built = container.innerHTML;
  renders = 0;
  beginInitialHydration(document);
  let root!: Root;
  act(() => {
    root = hydrateRoot(container, ui, {
      onRecoverableError: (error) => {
        throw error;
      },
    });
  });
  endInitialHydration();
  return { container, built, root };
}

describe('Island', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    jest.mocked(navigate).mockClear();
    jest.mocked(prefetchPathname).mockClear();
    errors = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    document.body.innerHTML = '';
  });

  it('renders its children, wrapped in a box-less element, outside hydration', () => {
    render(
      <StaticPage>
        <Counted label="Rendered" />
      </StaticPage>,
    );
    expect(screen.getByText(/Rendered/)).toBeInTheDocument();
    expect(screen.getByText(/Rendered/).parentElement).toHaveClass('island');
  });

  it('keeps the built markup during the first hydration, without running its components', () => {
    const { container, built, root } = hydrate(<Page frozen />);
    expect(renders).toBe(0);
    expect(container.innerHTML).toBe(built);
    expect(container.querySelector('.island p')).toHaveTextContent('Built text');
    act(() => root.unmount());
  });

  it('hydrates in full where no ancestor declares the content fixed at build time', () => {
    const { container, built, root } = hydrate(<Page frozen={false} />);
    expect(renders).toBe(1);
    expect(container.innerHTML).toBe(built);
    act(() => root.unmount());
  });

  it('renders in full when the page has no built markup (a client-only render)', () => {
    document.body.innerHTML = '<div id="gatsby-focus-wrapper"></div>';
    beginInitialHydration(document);
    renders = 0;
    render(
      <StaticPage>
        <Counted label="Client" />
      </StaticPage>,
    );
    endInitialHydration();
    expect(renders).toBe(1);
    expect(screen.getByText(/Client/)).toBeInTheDocument();
  });

  it('renders in full when the document has no built markup for it, even before a navigation', () => {
    document.body.innerHTML = '<div id="gatsby-focus-wrapper"><p>Built page</p></div>';
    beginInitialHydration(document);
    renders = 0;
    render(
      <StaticPage>
        <Counted label="Mounted later" />
      </StaticPage>,
    );
    endInitialHydration();
    expect(renders).toBe(1);
    expect(screen.getByText(/Mounted later/)).toBeInTheDocument();
  });

  it('renders in full when mounted after the first navigation', () => {
    const { root } = hydrate(<Page frozen />);
    renders = 0;
    render(
      <StaticPage>
        <Counted label="Navigated" />
      </StaticPage>,
    );
    expect(renders).toBe(1);
    act(() => root.unmount());
  });

  it('sends clicks on in-site links of a frozen island through the router, others to the browser', () => {
    const { container, root } = hydrate(<Page frozen />);
    const services = container.querySelector<HTMLAnchorElement>('a[href="/services"]')!;
    const elsewhere = container.querySelector<HTMLAnchorElement>('a[href^="https:"]')!;

    expect(fireEvent.click(services)).toBe(false); // default prevented
    expect(navigate).toHaveBeenCalledWith('/services', { replace: false });

    jest.mocked(navigate).mockClear();
    expect(fireEvent.click(services, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(services, { button: 1 })).toBe(true);
    expect(fireEvent.click(elsewhere)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.mouseOver(services);
    expect(prefetchPathname).toHaveBeenCalledWith('/services');
    act(() => root.unmount());
  });
});
