import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { AppName } from './app-name';

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
 * The Vite config of a front end. `app` becomes the build-time constant `__AULA_APP__` (app-name.ts). The apps load
 * it with `--configLoader runner`: Vite's default config bundler leaves workspace packages to Node, which cannot
 * run TypeScript on Node 20.
 */
export function webAppConfig({
  app,
  port,
  previewPort,
}: {
  app: AppName;
  port: number;
  previewPort: number;
}): UserConfig {
  return defineConfig({
    plugins: [react(), devRuntimeConfig(), precompress()],
    define: { __AULA_APP__: JSON.stringify(app) },
    server: { port, strictPort: false },
    preview: { port: previewPort },
    // the manifest lets bench/bundle find each route's chunks and their static imports
    build: { target: 'es2022', sourcemap: true, manifest: true },
  });
}
