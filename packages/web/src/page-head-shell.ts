// A signed-in page's head (the app's top bar, a back link, the page's title and subtitle, the loading text) as static
// HTML and CSS, which index.html's loader draws from the page's first API call (boot-loader.ts) while the app's code
// is still on its way: on a slow phone the student sees the activity's title seconds before the app could show it.
// It copies AppLayout's bar and WorkHeader's boxes (same sizes and places, so nothing moves when the app's page shows
// under it) and takes its texts from the catalogues at build time and its colours from the theme the sign-in shell
// picked (sign-in-shell.ts), so there is still one place for each. It covers the window (fixed, above #root) until
// the app's page has its content (app/static-page-head.tsx), so the app's own loading steps never flash between.
// It is inert and hidden from assistive technology: screen readers hear #root's "Loading…" until the page is there.
import type { LanguageCode } from '@aula/domain/languages';
import type { Catalog } from '@aula/i18n/locales/en';
import type { AppName } from './app-name';

/** The element the loader adds to <body> and the app removes. */
export const PAGE_HEAD_ID = 'aula-page-head';

/**
 * Which of a page's first calls (`call`, an index into RoutePreload.calls) answers the head, and where in its JSON
 * answer the title and subtitle are (property paths). `unless`: not drawn when the value at that path is this one
 * (a page whose head shows something else in that state). `back`: the back link's text, a catalogue key.
 */
export interface PageHead {
  call: number;
  title: string[];
  subtitle: string[];
  unless?: [string[], string];
  back: string;
}

const CSS = `
.aula-head{position:fixed;inset:0;z-index:2000;overflow:hidden;background:#f5f5f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji';font-size:14px;line-height:1.5714285714285714;color:rgba(0,0,0,.88)}
.aula-head-bar{box-sizing:border-box;height:64px;padding:0 24px;display:flex;align-items:center;background:#fff;border-bottom:1px solid #f0f0f0}
.aula-head-brand{font-size:20px;font-weight:700;color:var(--aula-link)}
.aula-head-main{padding:24px;display:flex;flex-direction:column;gap:16px}
.aula-head-top{display:flex;flex-direction:column;gap:4px}
.aula-head-link{color:var(--aula-link)}
.aula-head-title{min-width:0;overflow-wrap:anywhere}
.aula-head h1{font-size:24px;font-weight:700;margin:0}
.aula-head-muted{color:rgba(0,0,0,.65)}
.aula-head-loading{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;min-height:60vh;color:rgba(0,0,0,.65)}
.aula-head-loading::before{content:'';width:32px;height:32px}
@media (max-width:575.98px){.aula-head-bar{padding:0 16px}}
`;

/** The head's markup; the loader fills each `data-t` with a text of `texts` or the call's title and subtitle. */
const MARKUP = `<div class="aula-head-bar"><span class="aula-head-brand" data-t="brand"></span></div>
<div class="aula-head-main"><div class="aula-head-top"><span class="aula-head-link" data-t="back"></span>
<div class="aula-head-title"><h1 data-t="title"></h1><div class="aula-head-muted" data-t="subtitle"></div></div></div>
<div class="aula-head-loading" data-t="loading"></div></div>`;

/** The texts a head shows in one language. */
function headTexts(app: AppName, catalog: Catalog, back: string): Record<string, string> {
  const text = back.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], catalog);
  if (typeof text !== 'string') throw new Error(`page head: no text at ${back}`);
  return { brand: catalog[app].appName, back: text, loading: catalog[app].pages.loading };
}

/** The style sheet for index.html's head (written inline beside the sign-in shell's). */
export function pageHeadStyle(): string {
  return CSS.trim().replace(/\n/g, '');
}

/** A route's head, as the loader reads it from the boot data: the spec above, its markup and its texts per language. */
export function pageHeadBoot(app: AppName, catalogues: Record<LanguageCode, Catalog>, head: PageHead) {
  return {
    call: head.call,
    title: head.title,
    subtitle: head.subtitle,
    unless: head.unless ?? null,
    html: MARKUP.replace(/\n/g, ''),
    texts: Object.fromEntries(
      Object.entries(catalogues).map(([code, catalog]) => [code, headTexts(app, catalog, head.back)]),
    ),
  };
}
