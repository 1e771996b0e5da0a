import { vi } from 'vitest';
import english from '@tldraw/assets/translations/en.json';

/**
 * What tldraw asks of a browser that jsdom does not have: a font set and FontFace (tldraw loads its fonts as a
 * drawing with text appears), and fetch for its bundled translations (a same-origin file in a real build). Call in
 * the test files that mount the real drawing editor.
 */
export function installTldrawEnv() {
  const faces = new Set<unknown>();
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        add: (f: unknown) => faces.add(f),
        delete: (f: unknown) => faces.delete(f),
        has: (f: unknown) => faces.has(f),
        check: () => true,
        load: () => Promise.resolve([]),
        ready: Promise.resolve(),
        forEach: (cb: (f: unknown) => void) => faces.forEach(cb),
        [Symbol.iterator]: () => faces.values(),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
  }
  globalThis.FontFace ??= class {
    family: string;
    constructor(family: string) {
      this.family = family;
    }
    load() {
      return Promise.resolve(this);
    }
  } as unknown as typeof FontFace;

  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/translations/en.json')) return Promise.resolve(new Response(JSON.stringify(english)));
    return Promise.resolve(new Response('', { status: 404 }));
  });
}
