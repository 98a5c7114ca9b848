import { headElementsOf } from '../gatsby-node';
import { entryName, headMarkerHtml, pageFileOf, pagePathOf } from '../manifest';
import { REQUEST_RENDER_HEAD_MARKER_ID } from '@site/contracts/site-build';
import { REQUEST_SLOTS } from '@site/contracts/request-slots';

describe('request-render manifest', () => {
  it('names the built page of a path as Gatsby writes it', () => {
    expect(pageFileOf('/giveaway')).toBe('giveaway/index.html');
    expect(pageFileOf('/giveaway/')).toBe('giveaway/index.html');
    expect(pageFileOf('/')).toBe('index.html');
    expect(pageFileOf('/giveaway/[...]')).toBe('giveaway/[...]/index.html');
    expect(pageFileOf('/blog/404.html')).toBe('blog/404.html');
  });

  it("lists the head's elements written by Gatsby's Head exactly as the page has them", () => {
    const title = '<title data-gatsby-head="true">A &amp; B</title>';
    const robots = '<meta name="robots" content="noindex" data-gatsby-head="true"/>';
    const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${robots}<style>p{}</style>${title}</head><body><title data-gatsby-head="true">not the head</title></body></html>`;
    expect(headElementsOf(page)).toEqual([robots, title]);
  });

  it("matches a page's path with or without Gatsby's trailing slash", () => {
    expect(pagePathOf('/giveaway/[...]/')).toBe('/giveaway/[...]');
    expect(pagePathOf('/giveaway/[...]')).toBe('/giveaway/[...]');
    expect(pagePathOf('/')).toBe('/');
  });

  it('draws a slot with a path only from a data address that takes its ids', () => {
    for (const slot of REQUEST_SLOTS) {
      if (slot.path === undefined) continue;
      const params = slot.path.split('/').filter((part) => part.startsWith(':'));
      expect(params.length).toBeGreaterThan(0);
      for (const param of params) expect(slot.data).toContain(`{${param.slice(1)}}`);
    }
  });

  it('writes the head marker as the server looks for it', () => {
    expect(headMarkerHtml()).toBe(`<template id="${REQUEST_RENDER_HEAD_MARKER_ID}"></template>`);
  });

  it('gives each slot its own entry, drawn from a public API address', () => {
    const names = REQUEST_SLOTS.map(entryName);
    expect(new Set(names).size).toBe(names.length);
    for (const slot of REQUEST_SLOTS) expect(slot.data).toMatch(/^\/api\/v1\//);
  });
});
