import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-credentials';
import { addressLines, demoSignIns, signInLines, shownUrl } from './banner';

const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** README.md's "Demo sign-ins" table, one row per user: role, sign-in cell, app. */
function readmeSignIns() {
  const section = README.split(/^## Demo sign-ins$/m)[1]!.split(/^## /m)[0]!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| role') && !l.startsWith('|---'))
    .map((l) => {
      const [role, signIn, app, tries] = l.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim());
      return { role, signIn, app, tries };
    });
}

describe('the demo sign-ins', () => {
  it('README.md lists exactly the seeded users, with the role names and logins the start prints', () => {
    const rows = readmeSignIns();
    expect(rows.map(({ role, signIn, app }) => ({ role, signIn, app }))).toEqual(
      demoSignIns().map((s) => ({
        role: s.role,
        signIn: s.alsoLogin ? `\`${s.login}\` (or \`${s.alsoLogin}\`)` : `\`${s.login}\``,
        app: s.app === 'student' ? 'student app' : 'dashboard',
      })),
    );
    for (const row of rows) expect(row.tries!.length).toBeGreaterThan(20);
    expect(README).toContain(`password is \`${DEMO_PASSWORD}\``);
  });

  it('names each role as the product does, never by its internal id', () => {
    expect(demoSignIns().map((s) => s.role)).toEqual([
      'Super Administrator',
      'Domain Administrator',
      'District Administrator',
      'School Administrator',
      'Teacher',
      'Custom role District Reporter',
      'Student',
    ]);
    const printed = signInLines({ NODE_ENV: 'development' }).join('\n');
    expect(printed).toContain(DEMO_PASSWORD);
    for (const s of demoSignIns())
      expect(printed).toMatch(new RegExp(`^  ${s.role} +${s.login.replace('.', '\\.')}`, 'm'));
    for (const id of [
      'super-administrator',
      'domain-administrator',
      'school-administrator',
      ' administrator ',
      ' custom ',
    ])
      expect(printed).not.toContain(id);
    expect(printed).toMatch(
      new RegExp(
        `${DEMO_USERS.student.username} \\(or ${DEMO_USERS.student.email.replaceAll('.', '\\.')}\\) +student app$`,
        'm',
      ),
    );
  });

  it('prints no password in production', () => {
    const printed = signInLines({ NODE_ENV: 'production' }).join('\n');
    expect(printed).not.toContain(DEMO_PASSWORD);
    expect(printed).toContain(DEMO_USERS.teacher.email);
  });
});

describe('the printed addresses', () => {
  const ports = { api: 4100, realtime: 4103, dashboard: 4101, student: 4102 };

  it('are the ports set in the environment', () => {
    const config = loadConfig({ PORT: '4100', DASHBOARD_PORT: '4101', STUDENT_PORT: '4102', REALTIME_PORT: '4103' });
    expect(addressLines(config, ports, ['web', 'realtime', 'worker'])).toEqual([
      'Aula API on http://localhost:4100 (OpenAPI at /docs), services: web, realtime, worker, realtime on 4103',
      '  dashboard: http://localhost:4101',
      '  student:   http://localhost:4102',
    ]);
  });

  it('are the ports really bound when 0 asked for any free one, and the public URLs when set', () => {
    const any = loadConfig({ PORT: '0', DASHBOARD_PORT: '0', STUDENT_PORT: '0' });
    expect(addressLines(any, ports, ['web'])).toEqual([
      'Aula API on http://localhost:4100 (OpenAPI at /docs), services: web, realtime on 4103',
      '  dashboard: http://localhost:4101',
      '  student:   http://localhost:4102',
    ]);
    const proxied = loadConfig({ PUBLIC_DASHBOARD_URL: 'https://dash.school.example', DASHBOARD_PORT: '4101' });
    expect(addressLines(proxied, ports, ['web'])[1]).toBe('  dashboard: https://dash.school.example');
    expect(shownUrl('http://localhost:3001', 3001, 3001)).toBe('http://localhost:3001');
  });

  it('say when an app is not served', () => {
    const config = loadConfig({});
    const none = { ...ports, dashboard: null, student: null };
    expect(addressLines(config, none, ['web'])[1]).toBe('  dashboard: (not built: run npm start -- --build)');
    expect(addressLines(loadConfig({ SERVE_UI: 'false' }), none, ['web'])[2]).toBe(
      '  student:   (not served: SERVE_UI=false)',
    );
    expect(addressLines(config, { ...none, api: null, realtime: null }, ['worker'])).toEqual([
      'Aula started, services: worker',
    ]);
  });
});
