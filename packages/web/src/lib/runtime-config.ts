// The API server injects this object through GET /config.js, so one build runs against any host and theme.
export const THEMES = ['default', 'partner'] as const;
export type ThemeName = (typeof THEMES)[number];

export interface RuntimeConfig {
  /** Base URL of the HTTP API, without a trailing slash. */
  apiUrl: string;
  /** Socket.IO endpoint for live notifications; null when this deployment runs no realtime service. */
  realtimeUrl: string | null;
  theme: ThemeName;
}

declare global {
  interface Window {
    __AULA_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const DEV_FALLBACK: RuntimeConfig = {
  apiUrl: 'http://localhost:3000',
  realtimeUrl: 'ws://localhost:6001',
  theme: 'default',
};

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads the injected config; without one (`vite dev` without the API server) the local defaults apply. */
export function readRuntimeConfig(injected: Partial<RuntimeConfig> | undefined): RuntimeConfig {
  if (!injected) return DEV_FALLBACK;
  return {
    apiUrl: (nonEmpty(injected.apiUrl) ?? DEV_FALLBACK.apiUrl).replace(/\/+$/, ''),
    realtimeUrl: injected.realtimeUrl === null ? null : (nonEmpty(injected.realtimeUrl) ?? DEV_FALLBACK.realtimeUrl),
    theme: isThemeName(injected.theme) ? injected.theme : DEV_FALLBACK.theme,
  };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig(
  typeof window === 'undefined' ? undefined : window.__AULA_CONFIG__,
);
