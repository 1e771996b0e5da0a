import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

describe('readRuntimeConfig', () => {
  it('falls back to the local API when no config was injected (vite dev)', () => {
    expect(readRuntimeConfig(undefined, 'localhost')).toEqual({
      apiUrl: 'http://localhost:3000',
      realtimeUrl: 'ws://localhost:6001',
      theme: 'default',
      tldrawLicenseKey: null,
    });
  });

  it('takes the injected addresses and drops a trailing slash from the API URL', () => {
    const config = readRuntimeConfig(
      { apiUrl: 'https://api.example.org/', realtimeUrl: 'wss://rt.example.org' },
      'partner.localhost',
    );
    expect(config).toEqual({
      apiUrl: 'https://api.example.org',
      realtimeUrl: 'wss://rt.example.org',
      theme: 'partner',
      tldrawLicenseKey: null,
    });
  });

  it('keeps "no realtime" and picks the theme from the host, not from the injected value', () => {
    const config = readRuntimeConfig(
      { apiUrl: 'http://127.0.0.1:4000', realtimeUrl: null, theme: 'partner' },
      '127.0.0.1',
    );
    expect(config.realtimeUrl).toBeNull();
    expect(config.theme).toBe('default');
  });

  it("carries the server's tldraw licence key; an empty one is none", () => {
    expect(
      readRuntimeConfig({ apiUrl: 'https://api.example.org', tldrawLicenseKey: ' tldraw-key ' }).tldrawLicenseKey,
    ).toBe('tldraw-key');
    expect(readRuntimeConfig({ apiUrl: 'https://api.example.org', tldrawLicenseKey: '' }).tldrawLicenseKey).toBeNull();
  });
});
