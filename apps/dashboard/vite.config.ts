import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
          theme: process.env.AULA_THEME ?? 'default',
        };
        res.setHeader('Content-Type', 'text/javascript');
        res.end(`window.__AULA_CONFIG__ = ${JSON.stringify(config)};`);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), devRuntimeConfig()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: { target: 'es2022', sourcemap: true },
});
