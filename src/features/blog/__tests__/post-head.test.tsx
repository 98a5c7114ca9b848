import { render } from '@testing-library/react';
import { useStaticQuery } from 'gatsby';
import React from 'react';
import { socialCardAddress } from '@/lib/social-card';
import { PostHead, type PostPageData } from '../components/post-page';

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

const cover = {
  width: 1600,
  height: 900,
  placeholder: 'data:image/jpeg;base64,AA==',
  src: '/static/post-images/0123456789abcdef0123456789abcdef/1600.jpg',
  srcset: '/static/post-images/0123456789abcdef0123456789abcdef/320.jpg 320w',
  sources: [],
};

/** The head of a post with the given cover (build data), as the page render draws it. */
function ogImage(coverImage: unknown): string | null | undefined {
  const data = {
    site: { siteMetadata: { siteUrl: 'https://agentworks.example' } },
    related: { nodes: [] },
    blogPost: {
      title: 'Agents at the whiteboard',
      description: 'How we start.',
      date: '2026-11-01',
      author: null,
      category: 'engineering',
      categoryInfo: { name: 'engineering', title: 'Engineering', description: '' },
      tags: [],
      wordCount: 100,
      draft: false,
      coverImage,
      coverAlt: 'Two engineers at a whiteboard',
    },
    // Only the fields the head reads are given.
  } as unknown as PostPageData;
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const view = render(<PostHead data={data} pathname="/blog/agents-at-the-whiteboard" />);
  spy.mockRestore();
  return view.container.querySelector('meta[property="og:image"]')?.getAttribute('content');
}

describe('PostHead', () => {
  it("names the card that shows the post's cover, and one without a cover otherwise", () => {
    const title = 'Agents at the whiteboard';
    expect(ogImage(cover)).toBe(
      `https://agentworks.example${socialCardAddress({ title, label: 'Engineering', cover: cover.src })}`,
    );
    expect(ogImage(null)).toBe(
      `https://agentworks.example${socialCardAddress({ title, label: 'Engineering' })}`,
    );
  });
});
