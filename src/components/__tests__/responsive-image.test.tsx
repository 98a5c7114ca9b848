import { render, screen } from '@testing-library/react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { ResponsiveImage } from '../ui/responsive-image';

const image: IGatsbyImageData = {
  layout: 'constrained',
  width: 640,
  height: 400,
  placeholder: { fallback: 'data:image/jpeg;base64,AAAA' },
  images: {
    fallback: {
      src: '/static/a/640.png',
      srcSet: '/static/a/160.png 160w, /static/a/640.png 640w',
      sizes: '(min-width: 640px) 640px, 100vw',
    },
    sources: [
      { type: 'image/avif', srcSet: '/static/a/640.avif 640w', sizes: '100vw' },
      { type: 'image/webp', srcSet: '/static/a/640.webp 640w', sizes: '100vw' },
    ],
  },
};

describe('ResponsiveImage', () => {
  it('renders a picture with one source per format and a sized, lazily loaded fallback', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <ResponsiveImage image={image} alt="Illustration of a tool" />
      </ThemeProvider>,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', '/static/a/640.avif 640w'],
      ['image/webp', '/static/a/640.webp 640w'],
    ]);
    const img = screen.getByRole('img', { name: 'Illustration of a tool' });
    expect(img).toHaveAttribute('src', '/static/a/640.png');
    expect(img).toHaveAttribute('srcset', image.images.fallback?.srcSet);
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads an above-the-fold image eagerly and first', () => {
    render(
      <ThemeProvider theme={theme}>
        <ResponsiveImage image={image} alt="first" loading="eager" />
      </ThemeProvider>,
    );
    const img = screen.getByRole('img', { name: 'first' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});
