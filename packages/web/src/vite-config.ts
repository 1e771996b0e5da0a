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
    plugins: [react(), devRuntimeConfig()],
    define: { __AULA_APP__: JSON.stringify(app) },
    server: { port, strictPort: false },
    preview: { port: previewPort },
    // the manifest lets bench/bundle find each route's chunks and their static imports
    build: { target: 'es2022', sourcemap: true, manifest: true },
  });
}
