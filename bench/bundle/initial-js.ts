// The initial JavaScript of a built front end, by issue 13's definition: the entry script and every modulepreload
// in the built index.html, each gzipped, summed. Read from the HTML itself: `<script type="module" src>` and
// `<link rel="modulepreload" href>` tags, and the build's deferred loader data (`<script type="application/json"
// id="aula-boot">`, packages/web/src/vite-config.ts), which lists the entry, the sign-in page's chunks and the
// entry's static imports that the loader adds as those same tags right after the first paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialScript {
  url: string;
  raw: number;
  gzip: number;
}

interface BootData {
  entry: string;
  signIn: string[];
  preloads: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The script URLs index.html starts with, in order, without repeats. */
export function initialScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (attr(tag, 'type') === 'module' && attr(tag, 'src')) urls.push(attr(tag, 'src')!);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) urls.push(attr(tag, 'href')!);
  }
  const boot = /<script type="application\/json" id="aula-boot">([^<]*)<\/script>/.exec(html)?.[1];
  if (boot) {
    const data = JSON.parse(boot) as BootData;
    urls.push(data.entry, ...data.signIn, ...data.preloads);
  }
  return [...new Set(urls)];
}

/** Each initial script of a built app (its dist directory) with its size and gzip size (level 9). */
export function initialScripts(dist: string): InitialScript[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = initialScriptUrls(html);
  if (urls.length === 0) throw new Error(`${dist}/index.html starts no module script`);
  return urls.map((url) => {
    const bytes = readFileSync(path.join(dist, url.replace(/^\//, '')));
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}
