import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { en } from '@aula/i18n/locales/en';
import { es } from '@aula/i18n/locales/es';
import { uk } from '@aula/i18n/locales/uk';
import type { AppName } from './app-name';
import { bootLoaderScript } from './boot-loader';
import { pageHeadBoot, pageHeadStyle, type PageHead } from './page-head-shell';
import { signInShell } from './sign-in-shell';

const CATALOGUES = { en, es, uk };

// In production the API server answers GET /config.js; `vite dev` has no such server, so it serves one here.
function devRuntimeConfig(): Plugin {
  return {
    name: 'aula-dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => {
        const config = {
          apiUrl: process.env.AULA_API_URL ?? 'http://localhost:3000',
          realtimeUrl: process.env.AULA_REALTIME_URL ?? 'ws://localhost:6001',
        };
        res.setHeader('Content-Type', 'text/javascript');
        res.end(`window.__AULA_CONFIG__ = ${JSON.stringify(config)};`);
      });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside each built script, style sheet and icon, so the UI server (apps/api/src/plugins/ui.ts)
 * sends them compressed at the highest levels without compressing per request. index.html is left out: the server
 * adds the runtime configuration to it per request.
 */
function precompress(): Plugin {
  return {
    name: 'aula-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json)$/.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const bytes = await readFile(full);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * A signed-in page of the app whose code the loader below starts with the entry when the address matches and a
 * session is stored, instead of after the entry has run and the router asked for it (docs/performance-front-end.md):
 * `path`, a regular expression (source) for `location.pathname`; `modules`, the page's own modules (paths from the
 * repository root) that the route's `lazy` and `loader` import.
 */
export interface RoutePreload {
  path: string;
  modules: string[];
  /**
   * The page's first API calls (GET paths; `$1`... are the path pattern's groups), asked for by index.html's loader
   * as soon as it runs, beside /my, which every signed-in page waits for (boot-loader.ts, lib/early-calls.ts).
   */
  calls?: string[];
  /**
   * The page's head (top bar, back link, title, subtitle), drawn by the loader from one of `calls` before the app
   * has loaded (page-head-shell.ts).
   */
  head?: PageHead;
}

/**
 * On a page with a head (RoutePreload.head), how long the scripts wait at most for the head's call, so that on a
 * slow link the call does not share it with them and the title shows first: a few round trips on slow 4G (150 ms
 * each, the first with the CORS preflight); a faster answer starts them sooner.
 */
const HEAD_WAIT_MS = 300;

/** Each app's sign-in page, the first screen of a signed-out visit (its chunks start with the entry). */
const SIGN_IN_PAGE = 'src/features/auth/components/sign-in-page.tsx';

/**
 * What every signed-in page loads beside its own code: the user info route, the signed-in shell, the rest of
 * English, /my's API.
 */
const SIGNED_IN_MODULES = [
  'packages/web/src/app/require-session.tsx',
  'packages/web/src/app/layout/app-layout.tsx',
  'packages/web/src/features/auth/api.ts',
  'packages/i18n/src/locales/en.ts',
];

/** The chunks of these modules and their static imports, transitively, as URLs, without those already listed. */
function chunksOf(bundle: OutputBundle, modules: readonly string[], skip: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (fileName: string) => {
    const url = `/${fileName}`;
    if (out.includes(url) || skip.includes(url)) return;
    out.push(url);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    // the chunk the module starts (its dynamic import's target), or else the one it was bundled into
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const chunk =
      chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ??
      chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`route preload: no chunk has ${module}`);
    visit(chunk.fileName);
  }
  return out;
}

/**
 * Writes the static sign-in page (sign-in-shell.ts) into index.html, so the first paint needs no script. In the
 * build, the page's own style sheet is written inline (no request before the first paint), and the app's scripts
 * are requested once the page has painted: on a slow link they would otherwise share its bandwidth with the page,
 * and on a fast one their start-up work would run before the page is shown.
 */
function staticSignInShell(
  app: AppName,
  options: { buttonMinWidth?: number; routePreloads?: readonly RoutePreload[] },
): Plugin {
  const shell = signInShell(app, CATALOGUES, options);
  return {
    name: 'aula-sign-in-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
        let page = html
          .replace('</head>', `${shell.head}<style>${pageHeadStyle()}</style></head>`)
          .replace('<div id="root"></div>', `<div id="root">${shell.root}</div>`);
        if (!ctx.bundle) return page; // vite dev: its own scripts, as they are
        const scripts: string[] = [];
        const preloads: string[] = [];
        page = page
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
            scripts.push(src);
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            preloads.push(href);
            return '';
          })
          .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          });
        if (scripts.length !== 1) throw new Error(`index.html should load one entry script, found ${scripts.length}`);
        // the sign-in page's own code, fetched beside the entry when the sign-in page is what shows
        const signInChunk = Object.values(ctx.bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/${SIGN_IN_PAGE}`),
        );
        const signInPreloads =
          signInChunk?.type === 'chunk'
            ? [signInChunk.fileName, ...signInChunk.imports]
                .map((f) => `/${f}`)
                .filter((f) => !preloads.includes(f) && f !== scripts[0])
            : [];
        // a signed-in page's chunks, for an address of that page with a stored session: [path pattern, URLs]
        // (a head's `call` counts /my, which goes first)
        const routes = (options.routePreloads ?? []).map(({ path: pattern, modules, calls, head }) => [
          pattern,
          chunksOf(ctx.bundle!, [...SIGNED_IN_MODULES, ...modules], [scripts[0]!, ...preloads]),
          [`/${app}/my`, ...(calls ?? [])],
          head ? pageHeadBoot(app, CATALOGUES, { ...head, call: head.call + 1 }) : null,
        ]);
        // The scripts to start, as data (not executable: read by the loader below and by bench/bundle, which sums
        // them as the page's initial JavaScript): the entry, the sign-in page's chunks (when the sign-in page is
        // what shows), the entry's static imports, and the chunks of the signed-in pages listed in `routePreloads`
        // (when a session is stored under `token`, the key of lib/token-storage.ts, and the address matches).
        const boot = JSON.stringify({
          entry: scripts[0],
          signIn: signInPreloads,
          preloads,
          token: `aula.${app}.token`,
          // the stored interface language (lib/i18n.ts), which the early calls ask in (Accept-Language)
          language: `aula.${app}.language`,
          languages: ['en', 'es', 'uk'] satisfies (keyof typeof CATALOGUES)[],
          headWait: HEAD_WAIT_MS,
          routes,
        }).replace(/</g, '\\u003c');
        const loader = bootLoaderScript();
        return page.replace(
          '</body>',
          `<script type="application/json" id="aula-boot">${boot}</script><script>${loader}</script></body>`,
        );
      },
    },
  };
}

/**
 * AntD's ConfigProvider imports the tooltip's UniqueProvider (and with it @rc-component/trigger) for a setting Aula
 * does not use (`tooltip.unique`); this gives ConfigProvider a stand-in that loads it on demand
 * (app/antd-unique-provider.tsx), so it is not part of the first screen.
 */
function lazyAntdUniqueProvider(): Plugin {
  const standIn = fileURLToPath(new URL('./app/antd-unique-provider.tsx', import.meta.url));
  return {
    name: 'aula-lazy-antd-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../tooltip/UniqueProvider' &&
        importer &&
        /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)
      ) {
        return standIn;
      }
      return null;
    },
  };
}

/**
 * React Router's bundle creates its components and contexts with plain `React.forwardRef(...)`, `React.memo(...)`
 * and `React.createContext(...)` calls, which the bundler must keep as possible side effects: every component of the
 * package (Form, NavLink, ScrollRestoration, ...) stayed in the first screen's JavaScript, used or not. This marks
 * those top-level calls pure and drops their `displayName` assignments (also a use, for the bundler), so what the app
 * does not use is left out.
 */
function pureReactRouter(): Plugin {
  return {
    name: 'aula-pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
      const marked = code
        // a name for React's developer tools, which also keeps the component: production builds go without it
        .replace(/^\w+\.displayName = "\w+";$/gm, '')
        .replace(
          /^((?:var|const|let) \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
          '$1/* @__PURE__ */ $2',
        );
      return marked === code ? null : { code: marked, map: null };
    },
  };
}

/**
 * The Vite config of a front end. `app` becomes the build-time constant `__AULA_APP__` (app-name.ts). The apps load
 * it with `--configLoader runner`: Vite's default config bundler leaves workspace packages to Node, which cannot
 * run TypeScript on Node 20.
 */
export function webAppConfig({
  app,
  port,
  previewPort,
  buttonMinWidth,
  routePreloads,
}: {
  app: AppName;
  port: number;
  previewPort: number;
  /** The app's minimum button width, when it sets one (the static sign-in page draws its buttons alike). */
  buttonMinWidth?: number;
  /** Signed-in pages whose code starts loading with the entry when opened directly (see RoutePreload). */
  routePreloads?: readonly RoutePreload[];
}): UserConfig {
  return defineConfig({
    plugins: [
      react(),
      devRuntimeConfig(),
      lazyAntdUniqueProvider(),
      pureReactRouter(),
      staticSignInShell(app, { buttonMinWidth, routePreloads }),
      precompress(),
    ],
    define: { __AULA_APP__: JSON.stringify(app) },
    server: { port, strictPort: false },
    preview: { port: previewPort },
    // the manifest lets bench/bundle find each route's chunks and their static imports
    build: {
      target: 'es2022',
      sourcemap: true,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Every module the entry imports statically (the shell, React, the router, the store, i18next, AntD's
              // core) in one chunk: all of it loads on every page, and in one file it compresses better and is one
              // request, where the default split it into some 30 files shared with the pages that come later.
              { name: 'boot', tags: ['$initial'] },
            ],
          },
        },
      },
    },
  });
}
