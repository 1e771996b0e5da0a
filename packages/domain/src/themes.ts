// The two themes (000 section 1, 001 section 9, DESIGN.md 7) in one place: which serving hosts pick each one, and
// the hosts, support details and favicon each one shows. Pure data and functions: the API (GET /config.js) and both
// apps import this, so it imports nothing.

export const THEME_NAMES = ['default', 'partner'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface Theme {
  name: ThemeName;
  /** Serving hosts that pick this theme: an exact host name, or a prefix ending in '.' ('partner.' = any partner.*). */
  hosts: readonly string[];
  /** Production hosts of the API and the two apps (a local run serves all three from the page's own host). */
  apiHost: string;
  studentHost: string;
  dashboardHost: string;
  support: {
    /** Help centre and contact page. */
    helpUrl: string;
    contactUrl: string;
    email: string;
    /** Shown as written; dialled as the digits of `phoneHref`. */
    phone: string;
    phoneHref: string;
  };
  /** Path of the favicon each app serves from its public folder. */
  favicon: string;
  /** Only when the theme is sold under another name. */
  productName?: string;
}

// Hosts under .test and 555-01xx numbers are reserved for examples: they stand in until the real ones are known.
export const THEMES: { readonly [N in ThemeName]: Theme } = {
  default: {
    name: 'default',
    hosts: ['localhost', '127.0.0.1', '[::1]', 'dashboard.aula.test', 'student.aula.test'],
    apiHost: 'api.aula.test',
    studentHost: 'student.aula.test',
    dashboardHost: 'dashboard.aula.test',
    support: {
      helpUrl: 'https://help.aula.test',
      contactUrl: 'https://aula.test/contact',
      email: 'support@aula.test',
      phone: '+1 (555) 010-2030',
      phoneHref: 'tel:+15550102030',
    },
    favicon: '/favicon-default.svg',
  },
  partner: {
    name: 'partner',
    // Chromium resolves every *.localhost name to loopback, so partner.localhost shows this theme on a dev machine.
    hosts: ['partner.'],
    apiHost: 'partner.api.aula.test',
    studentHost: 'partner.student.aula.test',
    dashboardHost: 'partner.dashboard.aula.test',
    support: {
      helpUrl: 'https://help.partner.aula.test',
      contactUrl: 'https://partner.aula.test/contact',
      email: 'support@partner.aula.test',
      phone: '+1 (555) 010-4050',
      phoneHref: 'tel:+15550104050',
    },
    favicon: '/favicon-partner.svg',
    productName: 'Aula Partner',
  },
};

export const DEFAULT_THEME: ThemeName = 'default';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

function matches(pattern: string, host: string): boolean {
  return pattern.endsWith('.') ? host.startsWith(pattern) && host.length > pattern.length : host === pattern;
}

/**
 * The theme of a serving host (window.location.hostname, or the Host header without its port). Case and a trailing
 * dot are ignored; an unknown host gets the default theme.
 */
export function themeForHost(hostname: string | null | undefined): ThemeName {
  const host = (hostname ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (!host) return DEFAULT_THEME;
  for (const name of THEME_NAMES) {
    if (THEMES[name].hosts.some((pattern) => matches(pattern, host))) return name;
  }
  return DEFAULT_THEME;
}
