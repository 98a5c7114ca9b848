import { entryName, headMarkerHtml, pageFileOf, pagePathOf } from '../manifest';
import { HEAD_MARKER_ID, REQUEST_SLOTS } from '../../../src/request-render/slots';

describe('request-render manifest', () => {
  it('names the built page of a path as Gatsby writes it', () => {
    expect(pageFileOf('/giveaway')).toBe('giveaway/index.html');
    expect(pageFileOf('/giveaway/')).toBe('giveaway/index.html');
    expect(pageFileOf('/')).toBe('index.html');
    expect(pageFileOf('/giveaway/[...]')).toBe('giveaway/[...]/index.html');
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
    expect(headMarkerHtml()).toBe(`<template id="${HEAD_MARKER_ID}"></template>`);
  });

  it('gives each slot its own entry, drawn from a public API address', () => {
    const names = REQUEST_SLOTS.map(entryName);
    expect(new Set(names).size).toBe(names.length);
    for (const slot of REQUEST_SLOTS) expect(slot.data).toMatch(/^\/api\/v1\//);
  });
});
