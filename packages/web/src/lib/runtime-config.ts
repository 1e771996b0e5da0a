import { themeForHost, type ThemeName } from '@aula/domain/themes';

// The API server injects this object through GET /config.js, so one build runs against any host and theme.
export type { ThemeName };

export interface RuntimeConfig {
  /** Base URL of the HTTP API, without a trailing slash. */
  apiUrl: string;
  /** Socket.IO endpoint for live notifications; null when this deployment runs no realtime service. */
  realtimeUrl: string | null;
  /** Picked from the page's own host name (packages/domain/src/themes.ts), the same rule /config.js applies. */
  theme: ThemeName;
  /** tldraw's licence key (the server's TLDRAW_LICENSE_KEY): the drawing editor needs one in production over https */
  tldrawLicenseKey: string | null;
}

declare global {
  interface Window {
    __AULA_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const DEV_FALLBACK: Omit<RuntimeConfig, 'theme'> = {
  apiUrl: 'http://localhost:3000',
  realtimeUrl: 'ws://localhost:6001',
  tldrawLicenseKey: null,
};

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads the injected config; without one (`vite dev` without the API server) the local defaults apply. The theme
 * always follows the serving host, so a page and its /config.js can never disagree on it.
 */
export function readRuntimeConfig(injected: Partial<RuntimeConfig> | undefined, hostname = ''): RuntimeConfig {
  const theme = themeForHost(hostname);
  if (!injected) return { ...DEV_FALLBACK, theme };
  return {
    apiUrl: (nonEmpty(injected.apiUrl) ?? DEV_FALLBACK.apiUrl).replace(/\/+$/, ''),
    realtimeUrl: injected.realtimeUrl === null ? null : (nonEmpty(injected.realtimeUrl) ?? DEV_FALLBACK.realtimeUrl),
    theme,
    tldrawLicenseKey: nonEmpty(injected.tldrawLicenseKey) ?? null,
  };
}

export const runtimeConfig: RuntimeConfig =
  typeof window === 'undefined'
    ? readRuntimeConfig(undefined)
    : readRuntimeConfig(window.__AULA_CONFIG__, window.location.hostname);
