import { render } from '@testing-library/react';
import { useStaticQuery } from 'gatsby';
import React from 'react';
import { SocialCardCollector, socialCardAddress } from '@/lib/social-card';
import { HOME_CARD_TITLE, HOME_TITLE, Seo } from '../seo';

beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue({
    site: {
      siteMetadata: {
        title: 'AgentWorks',
        description: 'Default description',
        siteUrl: 'https://agentworks.example',
      },
    },
  });
});

/**
 * Gatsby's Head API hoists these tags into <head>; rendering them into a div is enough to check
 * what is emitted. React warns about <html>/<title> inside a div, which is expected here.
 */
function renderHead(ui: React.ReactElement) {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const view = render(ui);
  spy.mockRestore();
  const q = (selector: string) => view.container.querySelector(selector);
  return {
    title: q('title')?.textContent,
    meta: (key: string) =>
      q(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content'),
    canonical: q('link[rel="canonical"]')?.getAttribute('href'),
    icon: q('link[rel="icon"]')?.getAttribute('href'),
    lang: q('html')?.getAttribute('lang'),
    container: view.container,
  };
}

describe('Seo', () => {
  it('emits title, description, canonical, Open Graph and Twitter tags for a page', () => {
    const head = renderHead(
      <Seo title="Pricing" description="Plans and prices." pathname="/pricing/" />,
    );
    expect(head.title).toBe('Pricing | AgentWorks');
    expect(head.meta('description')).toBe('Plans and prices.');
    expect(head.canonical).toBe('https://agentworks.example/pricing');
    expect(head.meta('og:title')).toBe('Pricing | AgentWorks');
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:url')).toBe('https://agentworks.example/pricing');
    // The page's own social card, named by a hash of what it shows.
    expect(head.meta('og:image')).toMatch(/^https:\/\/agentworks\.example\/og\/[0-9a-f]{16}\.jpg$/);
    expect(head.meta('og:image')).toBe(
      `https://agentworks.example${socialCardAddress({ title: 'Pricing' })}`,
    );
    expect(head.meta('og:image:width')).toBe('1200');
    expect(head.meta('og:image:height')).toBe('630');
    expect(head.meta('og:image:type')).toBe('image/jpeg');
    expect(head.meta('og:image:alt')).toBe('Pricing');
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    expect(head.meta('twitter:image:alt')).toBe('Pricing');
    expect(head.meta('og:site_name')).toBe('AgentWorks');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:description')).toBe('Plans and prices.');
    expect(head.icon).toBe('/favicon.svg');
    expect(head.lang).toBe('en');
  });

  it('uses the brand title and site description on the home page', () => {
    const head = renderHead(<Seo pathname="/" />);
    expect(head.title).toBe(HOME_TITLE);
    expect(head.meta('description')).toBe('Default description');
    expect(head.canonical).toBe('https://agentworks.example/');
  });

  it('supports articles, absolute images and extra tags', () => {
    const head = renderHead(
      <Seo title="Post" type="article" image="https://cdn.example/x.png" pathname="/blog/post">
        <meta property="article:published_time" content="2025-09-02" />
      </Seo>,
    );
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('og:image')).toBe('https://cdn.example/x.png');
    // An image of the page's own has no card's size.
    expect(head.meta('og:image:width')).toBeUndefined();
    expect(head.meta('article:published_time')).toBe('2025-09-02');
  });

  it('names no canonical address for a client-only page built under a placeholder path', () => {
    for (const pathname of ['/giveaway/[...]', '/admin/drafts/[...]', '/post/[id]/']) {
      const head = renderHead(<Seo title="Giveaway" pathname={pathname} />);
      expect({ pathname, canonical: head.canonical, ogUrl: head.meta('og:url') }).toEqual({
        pathname,
        canonical: undefined,
        ogUrl: undefined,
      });
      expect(head.container.innerHTML).not.toContain('[');
      // Nor a picture: a giveaway's page gets its own card from the server.
      expect(head.meta('og:image')).toBeUndefined();
      expect(head.meta('twitter:image')).toBeUndefined();
    }
  });

  it('gives each address of a client-only page its own canonical in the browser', () => {
    for (const pathname of ['/giveaway/12', '/giveaway/12/rules', '/admin/drafts/3/preview']) {
      const head = renderHead(<Seo title="Giveaway" pathname={pathname} />);
      expect(head.canonical).toBe(`https://agentworks.example${pathname}`);
      expect(head.meta('og:url')).toBe(`https://agentworks.example${pathname}`);
    }
  });

  it('tells the page render which card each page names, with its label and cover', () => {
    const asked: Array<[string, unknown]> = [];
    const head = renderHead(
      <SocialCardCollector.Provider value={(address, request) => asked.push([address, request])}>
        <Seo
          title="Agents & <tools>"
          pathname="/blog/a"
          card={{ label: ' Engineering ', cover: '/static/cover.jpg' }}
        />
        <Seo pathname="/" />
        <Seo title="Giveaway" pathname="/giveaway/[...]" />
      </SocialCardCollector.Provider>,
    );
    const post = { title: 'Agents & <tools>', label: 'Engineering', cover: '/static/cover.jpg' };
    expect(asked).toEqual([
      [socialCardAddress(post), post],
      [
        socialCardAddress({ title: HOME_CARD_TITLE }),
        { title: HOME_CARD_TITLE, label: null, cover: null },
      ],
    ]);
    expect(head.meta('og:image:alt')).toBe('Engineering — Agents & <tools>');
  });

  it('gives a card another address when anything it shows changes', () => {
    const base = { title: 'A post', label: 'News', cover: null };
    const address = socialCardAddress(base);
    expect(socialCardAddress({ ...base })).toBe(address);
    expect(socialCardAddress({ ...base, label: '  News ' })).toBe(address);
    for (const change of [{ title: 'A post!' }, { label: null }, { cover: '/c.jpg' }]) {
      expect(socialCardAddress({ ...base, ...change })).not.toBe(address);
    }
  });
});
