import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { onPreRenderHTML } from '../../../../gatsby-ssr';
import { asGatsby404Script, GATSBY_404_DECLARATION, POST_NOT_FOUND_PAGE } from '../lib/not-found';

/** The inline script Gatsby's static-entry writes for a page (gatsby 5.16). */
function loaderScript(page: string) {
  const html = `/*<![CDATA[*/window.pagePath=${JSON.stringify(page)};window.___webpackCompilationHash="abc";/*]]>*/`;
  return (
    <script
      key="script-loader"
      id="gatsby-script-loader"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function render(pathname: string, components: React.ReactNode[]) {
  let replaced: React.ReactNode[] | null = null;
  const args = {
    pathname,
    getPostBodyComponents: () => components,
    replacePostBodyComponents: (next: React.ReactNode[]) => {
      replaced = next;
    },
  } as unknown as Parameters<NonNullable<GatsbySSR['onPreRenderHTML']>>[0];
  onPreRenderHTML?.(args, {} as never);
  return replaced as React.ReactNode[] | null;
}

function scriptText(node: React.ReactNode): string {
  if (!React.isValidElement<{ dangerouslySetInnerHTML?: { __html: string } }>(node)) return '';
  return node.props.dangerouslySetInnerHTML?.__html ?? '';
}

describe('the post-not-found page', () => {
  it('is at an address no post slug can take', () => {
    expect(POST_NOT_FOUND_PAGE.startsWith('/blog/')).toBe(true);
    expect(POST_NOT_FOUND_PAGE.slice('/blog/'.length)).not.toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("declares itself as Gatsby's 404 page in the built HTML and leaves other scripts alone", () => {
    const other = <script key="other" id="other" dangerouslySetInnerHTML={{ __html: 'x()' }} />;
    const out = render(POST_NOT_FOUND_PAGE, [loaderScript(POST_NOT_FOUND_PAGE), other]);
    expect(out).not.toBeNull();
    const [loader, kept] = out ?? [];
    expect(scriptText(loader)).toContain(GATSBY_404_DECLARATION);
    expect(scriptText(loader)).not.toContain(POST_NOT_FOUND_PAGE);
    expect(scriptText(loader)).toContain('window.___webpackCompilationHash="abc";');
    expect(kept).toBe(other);
  });

  it('leaves every other page as Gatsby wrote it', () => {
    expect(render('/blog/some-post', [loaderScript('/blog/some-post')])).toBeNull();
    expect(render('/404.html', [loaderScript('/404.html')])).toBeNull();
  });

  it('changes nothing when the script does not carry the page path (checked after the build)', () => {
    expect(asGatsby404Script('window.somethingElse=1;', POST_NOT_FOUND_PAGE)).toBeNull();
    const script = loaderScript('/elsewhere');
    const [kept] = render(POST_NOT_FOUND_PAGE, [script]) ?? [];
    expect(kept).toBe(script);
  });
});
