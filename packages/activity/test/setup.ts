// Testing Library cleans the DOM after each test; the renderer's strings come from the real English catalogue.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initTestI18n } from './i18n';

// jsdom lacks two browser APIs Ant Design's grid and inputs subscribe to; they never fire here (no layout in jsdom).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// user-event moves between radio buttons by name through CSS.escape, which jsdom lacks
if (!globalThis.CSS?.escape) {
  globalThis.CSS = {
    ...globalThis.CSS,
    escape: (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`),
  };
}
// tldraw reads CSS.supports as it loads
if (typeof globalThis.CSS.supports !== 'function') globalThis.CSS.supports = () => false;
// dnd-kit's keyboard sensor scrolls the picked-up option into view
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};

initTestI18n();
afterEach(cleanup);
// tldraw decodes its icons as it mounts
if (typeof HTMLImageElement.prototype.decode !== 'function')
  HTMLImageElement.prototype.decode = () => Promise.resolve();
