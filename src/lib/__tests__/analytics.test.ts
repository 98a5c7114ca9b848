import { track } from '../analytics';

afterEach(() => {
  delete window.gtag;
  delete window.dataLayer;
});

describe('track', () => {
  it('sends the event through gtag when the page has it (and not also to dataLayer)', () => {
    const gtag = jest.fn();
    window.gtag = gtag;
    window.dataLayer = [];
    track('social_click', { platform: 'youtube' });
    expect(gtag).toHaveBeenCalledWith('event', 'social_click', { platform: 'youtube' });
    expect(window.dataLayer).toEqual([]);
  });

  it('pushes to a Tag Manager dataLayer when there is no gtag', () => {
    window.dataLayer = [];
    track('social_click', { platform: 'instagram' });
    expect(window.dataLayer).toEqual([{ event: 'social_click', platform: 'instagram' }]);
  });

  it('does nothing, without throwing, when no analytics is installed', () => {
    expect(() => track('social_click', { platform: 'facebook' })).not.toThrow();
    expect(window.dataLayer).toBeUndefined();
  });
});
