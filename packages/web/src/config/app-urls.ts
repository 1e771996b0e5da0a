// Where the other front end lives (000 section 2: the role chooser sends students to the student host and staff to
// the dashboard host). The API server adds both to /config.js from PUBLIC_DASHBOARD_URL and PUBLIC_STUDENT_URL;
// `vite dev` without it uses the local defaults of apps/api/src/config.ts.
export interface AppUrls {
  dashboardUrl: string;
  studentUrl: string;
}

const DEV_FALLBACK: AppUrls = { dashboardUrl: 'http://localhost:3001', studentUrl: 'http://localhost:3002' };

function url(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^https?:\/\//.test(value.trim()) ? value.trim().replace(/\/+$/, '') : fallback;
}

export function readAppUrls(injected: unknown): AppUrls {
  const source = typeof injected === 'object' && injected !== null ? (injected as Record<string, unknown>) : {};
  return {
    dashboardUrl: url(source.dashboardUrl, DEV_FALLBACK.dashboardUrl),
    studentUrl: url(source.studentUrl, DEV_FALLBACK.studentUrl),
  };
}

export const appUrls: AppUrls = readAppUrls(typeof window === 'undefined' ? undefined : window.__AULA_CONFIG__);
