import { socialCardHead } from '../social-card-head';

const card = {
  src: '/media/0123456789abcdef0123456789abcdef/1200.jpg',
  url: 'https://site.example/media/0123456789abcdef0123456789abcdef/1200.jpg',
  width: 1200,
  height: 630,
  alt: 'Giveaway — Win "this" <script>alert(1)</script> & more',
};

/** The tags as a document reads them. */
function tags(html: string) {
  const head = document.createElement('head');
  head.innerHTML = html;
  return [...head.querySelectorAll('meta')].map((meta) => [
    meta.getAttribute('property') ?? meta.getAttribute('name'),
    meta.getAttribute('content'),
  ]);
}

describe('socialCardHead', () => {
  test('names the giveaway’s card for Open Graph and X, the alt text escaped', () => {
    const html = socialCardHead({ id: 1, title: 't', social_card: card });
    expect(html).not.toContain('<script>');
    expect(tags(html)).toEqual([
      ['og:image', card.url],
      ['og:image:type', 'image/jpeg'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', card.alt],
      ['twitter:image', card.url],
      ['twitter:image:alt', card.alt],
    ]);
  });

  test('names nothing without a card, or with one that is not an absolute web address', () => {
    expect(socialCardHead({ id: 1 })).toBe('');
    expect(socialCardHead({ id: 1, social_card: null })).toBe('');
    expect(socialCardHead(null)).toBe('');
    expect(socialCardHead({ social_card: { ...card, url: 'javascript:alert(1)' } })).toBe('');
    expect(socialCardHead({ social_card: { ...card, width: '1200' } })).toBe('');
  });
});
