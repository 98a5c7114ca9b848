import {
  collectImages,
  compileMarkdown,
  ownMediaFile,
  ownMediaFiles,
  type PostPicture,
} from '../index';

const picture = (width: number, key = 'k'): PostPicture => ({
  width,
  height: Math.round(width / 2),
  placeholder: 'data:image/webp;base64,AAAA',
  src: `/static/post-images/${key}/${width}.jpg`,
  srcset: `/static/post-images/${key}/320.jpg 320w, /static/post-images/${key}/${width}.jpg ${width}w`,
  sources: [
    { type: 'image/avif', srcset: `/static/post-images/${key}/${width}.avif ${width}w` },
    { type: 'image/webp', srcset: `/static/post-images/${key}/${width}.webp ${width}w` },
  ],
});

describe('collectImages', () => {
  it('lists every image with its alt text and line, references included', () => {
    const body =
      'Intro\n\n![A cat](media/cat-1.jpg)\n\nText ![logo][l]\n\n[l]: https://example.com/l.png\n';
    expect(collectImages(body)).toEqual([
      { src: 'media/cat-1.jpg', alt: 'A cat', line: 3 },
      { src: 'https://example.com/l.png', alt: 'logo', line: 5 },
    ]);
  });

  it('names own files only in the post folder form', () => {
    expect(ownMediaFile('media/ab12.jpg')).toBe('ab12.jpg');
    expect(ownMediaFile('media/../secret.jpg')).toBeNull();
    expect(ownMediaFile('media/x.svg')).toBeNull();
    expect(ownMediaFile('/media/x.jpg')).toBeNull();
    expect(ownMediaFiles(['media/a.jpg', 'media/a.jpg', 'https://x/y.jpg', 'media/b.png'])).toEqual(
      ['a.jpg', 'b.png'],
    );
  });
});

describe('compileMarkdown with pictures', () => {
  it('turns a resolved image into <picture> with sources, size and placeholder, after sanitising', () => {
    const { html } = compileMarkdown('![A "quoted" <cat>](media/cat.jpg)\n\nMore text.', {
      pictures: { pictures: { 'media/cat.jpg': picture(1600) } },
    });
    expect(html).toContain(
      '<picture><source type="image/avif" srcset="/static/post-images/k/1600.avif 1600w"',
    );
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('width="1600" height="800"');
    expect(html).toContain('alt="A &#x22;quoted&#x22; <cat>"');
    // The first wide picture at the top is the largest thing on the first screen.
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('background:center/cover url(&#x22;data:image/webp;base64,AAAA&#x22;)');
    expect(html).not.toContain('<img src="media/cat.jpg"');
  });

  it('loads pictures lazily below the top, when small, and when a cover comes first', () => {
    const far = compileMarkdown('One\n\nTwo\n\nThree\n\n![x](media/a.jpg)', {
      pictures: { pictures: { 'media/a.jpg': picture(1600) } },
    }).html;
    expect(far).toContain('loading="lazy"');
    expect(far).not.toContain('fetchpriority');
    const small = compileMarkdown('![x](media/a.jpg)', {
      pictures: { pictures: { 'media/a.jpg': picture(200) } },
    }).html;
    expect(small).toContain('loading="lazy"');
    const covered = compileMarkdown('![x](media/a.jpg)', {
      pictures: { pictures: { 'media/a.jpg': picture(1600) }, eagerFirst: false },
    }).html;
    expect(covered).toContain('loading="lazy"');
    const second = compileMarkdown('![x](media/a.jpg)\n\n![y](media/b.jpg)', {
      pictures: {
        pictures: { 'media/a.jpg': picture(1600, 'a'), 'media/b.jpg': picture(1600, 'b') },
      },
    }).html;
    expect(second.match(/loading="eager"/g)).toHaveLength(1);
    expect(second.match(/loading="lazy"/g)).toHaveLength(1);
  });

  it('leaves images without a picture as they were, and unsafe sources stay text', () => {
    const { html } = compileMarkdown('![x](media/none.jpg) ![y](javascript:alert(1))', {
      pictures: { pictures: { 'javascript:alert(1)': picture(1600) } },
    });
    expect(html).toContain('<img src="media/none.jpg" alt="x">');
    expect(html).not.toContain('<picture>');
    expect(html).not.toContain('javascript');
  });

  it('makes an address that could not be fetched a link with its alt text', () => {
    const { html } = compileMarkdown('![A chart](https://gone.example/c.png)', {
      unresolvedImages: ['https://gone.example/c.png'],
    });
    expect(html).toContain(
      '<a href="https://gone.example/c.png" target="_blank" rel="noopener noreferrer">A chart</a>',
    );
    expect(html).not.toContain('<img');
  });
});
