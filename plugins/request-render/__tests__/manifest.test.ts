import { entryName, headMarkerHtml, pageFileOf } from '../manifest';
import { HEAD_MARKER_ID, REQUEST_SLOTS } from '../../../src/request-render/slots';

describe('request-render manifest', () => {
  it('names the built page of a path as Gatsby writes it', () => {
    expect(pageFileOf('/giveaway')).toBe('giveaway/index.html');
    expect(pageFileOf('/giveaway/')).toBe('giveaway/index.html');
    expect(pageFileOf('/')).toBe('index.html');
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
