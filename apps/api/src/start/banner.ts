import { translate } from '@aula/i18n/translate';
import type { Config } from '../config';
import { DEMO_PASSWORD, DEMO_REPORTER_ROLE, DEMO_USERS, type DemoUserKey } from '../db/seed/demo-credentials';

// What the server prints once it listens (issue 14): where each part answers, on the ports it really bound, and on a
// first start the demo sign-ins with each role as the dashboard names it. README.md's "Demo sign-ins" table lists
// the same users and roles (a test compares them).

export interface DemoSignIn {
  key: DemoUserKey;
  /** the role as the product shows it (the dashboard's role names in English; the custom role by its name) */
  role: string;
  /** what to type in the sign-in form's login field */
  login: string;
  /** the other login that works too (a student's e-mail beside the username), if any */
  alsoLogin: string | null;
  app: 'dashboard' | 'student';
}

export function demoRoleName(key: DemoUserKey): string {
  const role = DEMO_USERS[key].role;
  return role === 'custom' ? `Custom role ${DEMO_REPORTER_ROLE.name}` : translate('en', `dashboard.roles.${role}`);
}

export function demoSignIns(): DemoSignIn[] {
  return (Object.keys(DEMO_USERS) as DemoUserKey[]).map((key) => {
    const u = DEMO_USERS[key];
    const username = 'username' in u ? u.username : null;
    return {
      key,
      role: demoRoleName(key),
      login: username ?? u.email,
      alsoLogin: username ? u.email : null,
      app: u.role === 'student' ? 'student' : 'dashboard',
    };
  });
}

/** A public URL as set, or (left at its development default) the loopback address on the port actually bound. */
export function shownUrl(publicUrl: string, configuredPort: number, boundPort: number | null): string {
  if (boundPort === null) return publicUrl;
  return publicUrl === `http://localhost:${configuredPort}` ? `http://localhost:${boundPort}` : publicUrl;
}

export interface Listening {
  api: number | null;
  realtime: number | null;
  /** null: that app is not served (not built, or SERVE_UI=false) */
  dashboard: number | null;
  student: number | null;
}

/** The lines naming where each part answers, printed on every start. */
export function addressLines(config: Config, ports: Listening, services: readonly string[]): string[] {
  const notServed = config.SERVE_UI ? '(not built: run npm start -- --build)' : '(not served: SERVE_UI=false)';
  const realtime = ports.realtime ? `, realtime on ${ports.realtime}` : '';
  const lines = [
    ports.api === null
      ? `Aula started, services: ${services.join(', ')}${realtime}`
      : `Aula API on ${shownUrl(config.PUBLIC_API_URL, config.PORT, ports.api)} (OpenAPI at /docs), services: ${services.join(', ')}${realtime}`,
  ];
  if (services.includes('web')) {
    lines.push(
      `  dashboard: ${ports.dashboard === null ? notServed : shownUrl(config.PUBLIC_DASHBOARD_URL, config.DASHBOARD_PORT, ports.dashboard)}`,
      `  student:   ${ports.student === null ? notServed : shownUrl(config.PUBLIC_STUDENT_URL, config.STUDENT_PORT, ports.student)}`,
    );
  }
  return lines;
}

/** The demo sign-ins, printed when the demo district was just seeded. */
export function signInLines(config: Pick<Config, 'NODE_ENV'>): string[] {
  // a production log is read by more people than the operator: it never holds a password
  const heading =
    config.NODE_ENV === 'production'
      ? 'Aula demo district seeded (SEED_DEMO=true); its password is in the README, change it at once. Users:'
      : `Aula demo district seeded. Sign in with password ${DEMO_PASSWORD} (README.md, "Demo sign-ins", says what each can try):`;
  const rows = demoSignIns().map((r) => ({
    role: r.role,
    login: r.alsoLogin ? `${r.login} (or ${r.alsoLogin})` : r.login,
    app: r.app === 'student' ? 'student app' : 'dashboard',
  }));
  const roleWidth = Math.max(...rows.map((r) => r.role.length)) + 2;
  const loginWidth = Math.max(...rows.map((r) => r.login.length)) + 2;
  return [heading, ...rows.map((r) => `  ${r.role.padEnd(roleWidth)}${r.login.padEnd(loginWidth)}${r.app}`)];
}
