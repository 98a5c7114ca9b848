import { render, screen } from '@testing-library/react';
import React from 'react';
import { PrizePicture } from '../components/prize-picture';

const picture = {
  id: 7,
  width: 1200,
  height: 630,
  placeholder: 'data:image/webp;base64,UklGRg==',
  src: '/media/0123456789abcdef0123456789abcdef/1200.jpg',
  srcset:
    '/media/0123456789abcdef0123456789abcdef/320.jpg 320w, /media/0123456789abcdef0123456789abcdef/1200.jpg 1200w',
  sources: [
    { type: 'image/avif', srcset: '/media/0123456789abcdef0123456789abcdef/320.avif 320w' },
    { type: 'image/webp', srcset: '/media/0123456789abcdef0123456789abcdef/320.webp 320w' },
  ],
};

describe('PrizePicture', () => {
  it('renders <picture> with a source per modern format, the JPEG fallback, its size and the placeholder', () => {
    const { container } = render(
      <PrizePicture picture={picture} alt="Prize: A custom agent" sizes="100vw" eager />,
    );
    const sources = container.querySelectorAll('picture > source');
    expect([...sources].map((s) => [s.getAttribute('type'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', '100vw'],
      ['image/webp', '100vw'],
    ]);
    const img = screen.getByRole('img', { name: 'Prize: A custom agent' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', picture.src);
    expect(img).toHaveAttribute('srcset', picture.srcset);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img.style.backgroundImage).toContain(picture.placeholder);
  });

  it('shows an address saved before pictures were stored as it is, and nothing without either', () => {
    const { container, rerender } = render(
      <PrizePicture
        picture={null}
        fallbackSrc="https://example.com/p.jpg"
        alt="Prize"
        sizes="100vw"
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Prize' })).toHaveAttribute('loading', 'lazy');
    rerender(<PrizePicture picture={null} fallbackSrc={null} alt="Prize" sizes="100vw" />);
    expect(container).toBeEmptyDOMElement();
  });
});
