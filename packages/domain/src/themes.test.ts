import { describe, expect, it } from 'vitest';
import { THEMES, themeForHost } from './themes.ts';

describe('themeForHost', () => {
  it.each([
    ['localhost', 'default'],
    ['127.0.0.1', 'default'],
    ['dashboard.aula.test', 'default'],
    ['partner.localhost', 'partner'],
    ['PARTNER.localhost.', 'partner'],
    ['partner.dashboard.aula.test', 'partner'],
    ['unknown.example.org', 'default'],
    ['mypartner.localhost', 'default'],
    ['partner.', 'default'],
    ['', 'default'],
    [undefined, 'default'],
  ] as const)('%s -> %s', (host, theme) => {
    expect(themeForHost(host)).toBe(theme);
  });

  it('gives each theme its own support phone and favicon', () => {
    expect(THEMES.default.support.phone).not.toBe(THEMES.partner.support.phone);
    expect(THEMES.default.favicon).not.toBe(THEMES.partner.favicon);
  });

  it('serves each theme’s own app hosts with that theme', () => {
    for (const theme of Object.values(THEMES)) {
      expect(themeForHost(theme.dashboardHost)).toBe(theme.name);
      expect(themeForHost(theme.studentHost)).toBe(theme.name);
    }
  });
});
