import { shareOrCopy } from '@/features/giveaway/share';
import { isInAppBrowser } from '../in-app-browser';

const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 312.0.0.22.114 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 548339486)';
const FACEBOOK =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('isInAppBrowser', () => {
  it("knows Instagram's and Facebook's in-app browsers, and nothing else", () => {
    expect(isInAppBrowser(INSTAGRAM)).toBe(true);
    expect(isInAppBrowser(FACEBOOK)).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 [FBAN/FBIOS;FBAV/460.0;FBBV/1]')).toBe(true);
    expect(isInAppBrowser(SAFARI)).toBe(false);
    expect(isInAppBrowser('')).toBe(false);
    expect(isInAppBrowser(undefined)).toBe(false);
  });
});

describe('shareOrCopy', () => {
  const share = jest.fn(async () => undefined);
  const writeText = jest.fn(async () => undefined);
  beforeEach(() => {
    share.mockClear();
    writeText.mockClear();
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  const agent = (ua: string) =>
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);

  it('opens the share sheet in an ordinary browser', async () => {
    agent(SAFARI);
    expect(await shareOrCopy({ title: 'T', url: 'https://x.test/giveaway/1' }, 'u')).toBe('shared');
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link in an in-app browser, without its share sheet', async () => {
    agent(INSTAGRAM);
    expect(await shareOrCopy({ title: 'T', url: 'https://x.test/giveaway/1' }, 'link')).toBe(
      'copied',
    );
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith('link');
  });
});
