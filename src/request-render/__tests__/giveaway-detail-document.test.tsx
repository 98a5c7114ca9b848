import { buildGiveaway } from '@/features/giveaway/__tests__/fixtures';
import { render } from '../giveaway-detail-document';

const site = {
  title: 'AgentWorks',
  description: 'Custom AI agents for business.',
  // Jest's gatsby mock answers the static query with the same metadata.
  siteUrl: 'https://agentworks.example',
};
const card = {
  url: 'https://site.example/media/0123456789abcdef0123456789abcdef/1200.jpg',
  width: 1200,
  height: 630,
  alt: 'Giveaway — Win "this" <b>',
};

/** The head as a document reads it. */
function headOf(html: string) {
  const head = document.createElement('head');
  head.innerHTML = html;
  const meta = (key: string) =>
    head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
  return {
    title: head.querySelector('title')?.textContent,
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    robots: meta('robots'),
    meta,
  };
}

test("the giveaway's page names the giveaway in its head: title, description, address and card", () => {
  const giveaway = {
    ...buildGiveaway({ id: 7, title: 'Win <this> & that', description: 'A   prize\nfor you.' }),
    social_card: card,
  };
  const drawn = render(giveaway, undefined, { site });
  const head = headOf(drawn.pageHead ?? '');
  expect(head.title).toBe('Win <this> & that - Giveaway | AgentWorks');
  expect(drawn.pageHead).not.toContain('<this>');
  expect(head.canonical).toBe('https://agentworks.example/giveaway/7');
  expect(head.meta('og:url')).toBe('https://agentworks.example/giveaway/7');
  expect(head.meta('description')).toBe('A prize for you.');
  expect(head.meta('og:title')).toBe('Win <this> & that - Giveaway | AgentWorks');
  expect(head.meta('og:image')).toBe(card.url);
  expect(head.meta('og:image:width')).toBe('1200');
  expect(head.meta('og:image:alt')).toBe(card.alt);
  expect(head.meta('twitter:card')).toBe('summary_large_image');
  // Unlike the placeholder page the build wrote, the giveaway's page may be indexed.
  expect(head.robots).toBeUndefined();
  // The card is named once, in the page's own head.
  expect(drawn.head).not.toContain('og:image');
});

test('a long description is shortened; a giveaway without a card shows the site picture', () => {
  const drawn = render(buildGiveaway({ id: 8, description: 'word '.repeat(100) }), undefined, {
    site,
  });
  const head = headOf(drawn.pageHead ?? '');
  expect(head.meta('description')?.length).toBeLessThanOrEqual(160);
  expect(head.meta('description')).toMatch(/…$/);
  expect(head.meta('og:image')).toBe('https://agentworks.example/og-image.png');
});

test("without the site's metadata the built head stays, with the card beside it", () => {
  const drawn = render({ ...buildGiveaway({ id: 9 }), social_card: card });
  expect(drawn.pageHead).toBeUndefined();
  expect(drawn.head).toContain(card.url);
  // The loading frame (the prebuilt state) has no head of its own.
  expect(render(null, undefined, { site }).pageHead).toBeUndefined();
});
