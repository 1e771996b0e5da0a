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
if (!('ResizeObserver' in window)) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

initTestI18n();
afterEach(cleanup);
