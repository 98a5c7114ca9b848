import { isDocumentPage, POST_NOT_FOUND_PAGE } from '@site/contracts/site-build';

describe('the post-not-found page', () => {
  it('is at an address no post slug can take', () => {
    expect(POST_NOT_FOUND_PAGE.startsWith('/blog/')).toBe(true);
    expect(POST_NOT_FOUND_PAGE.slice('/blog/'.length)).not.toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('is a document page, so no app runtime moves the browser off the address it asked for', () => {
    expect(isDocumentPage(POST_NOT_FOUND_PAGE)).toBe(true);
  });
});
