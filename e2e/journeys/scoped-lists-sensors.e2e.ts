import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, fillSignIn, submitSignIn } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';

// Issue 15, the last lists of 001 section 2: a district administrator opens a class's school, a teacher's
// administrators and an administrator's teachers; a domain administrator adds and edits a sensor; provider staff
// read the workers' queues.

const { dashboardUrl, databaseUrl } = platformUrls();
const RUN = Date.now().toString(36);
const SHOTS = 'artifacts/lists';

async function signIn(page: Page, key: DemoUserKey) {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/** The demo district's ids: its account, the demo teacher's first class and that class's school, the two people. */
async function demoIds() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      account_id: number;
      class_id: number;
      school: string;
      teacher_id: number;
      school_admin_id: number;
      class_title: string;
    }>(
      `select t.account_id, c.id as class_id, o.name as school, t.id as teacher_id, sa.id as school_admin_id,
              coalesce(c.custom_title, c.title) as class_title
         from users t
         join class_users cu on cu.user_id = t.id and cu.user_type = 'teacher'
         join classes c on c.id = cu.class_id and c.deleted_at is null
         join organizations o on o.id = c.organization_id
         join users sa on sa.email = $2
        where t.email = $1
        order by c.id limit 1`,
      [DEMO_USERS.teacher.email, DEMO_USERS.schoolAdmin.email],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe('scoped lists, sensors and workers journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a district administrator opens a class's school, a teacher's administrators and an administrator's teachers", async () => {
    const ids = await demoIds();
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'districtAdmin');
      const base = `/accounts/${ids.account_id}`;

      await page.goto(`${base}/classes/${ids.class_id}/organizations`);
      await expectHeading(page, 'Organizations');
      await page.getByText(`Showing the Organizations of class ${ids.class_id}`).waitFor();
      await page.getByRole('link', { name: ids.school }).waitFor();
      await page.screenshot({ path: `${SHOTS}/class-schools.png` });

      await page.goto(`${base}/teachers/${ids.teacher_id}/admins`);
      await expectHeading(page, 'Administrators');
      const admin = `${DEMO_USERS.schoolAdmin.firstName} ${DEMO_USERS.schoolAdmin.lastName}`;
      await page.getByRole('button', { name: admin }).waitFor();
      await page.screenshot({ path: `${SHOTS}/teacher-admins.png` });

      await page.goto(`${base}/admins/${ids.school_admin_id}/teachers`);
      await expectHeading(page, 'Teachers');
      await page.getByText(`${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`).first().waitFor();
      expect(await page.getByText('Coming soon').count()).toBe(0);

      // the classes and the students of the school administrator's schools
      await page.goto(`${base}/admins/${ids.school_admin_id}/classes`);
      await expectHeading(page, 'Classes of the administrator’s schools');
      await page.getByRole('link', { name: ids.class_title }).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-classes.png` });
      await page.goto(`${base}/admins/${ids.school_admin_id}/students`);
      await expectHeading(page, 'Students');
      await page.getByText(`${DEMO_USERS.student.firstName} ${DEMO_USERS.student.lastName}`).first().waitFor();
      await page.goto(`${base}/admins/${ids.school_admin_id}/groups`);
      await expectHeading(page, 'Groups of the administrator’s schools');
    } finally {
      await context.close();
    }
  });

  it('a domain administrator adds a sensor, finds it and renames it', async () => {
    const name = `Journey Probe ${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'domainAdmin');
      await page.goto('/sensors');
      await expectHeading(page, 'Sensors');
      await page.getByRole('button', { name: 'Add sensor' }).click();
      await expectHeading(page, 'Add a sensor');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please enter name').first().waitFor();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Code').fill(`JP-${RUN}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectHeading(page, 'Sensors');
      await page.getByRole('searchbox', { name: 'Search sensors by name' }).fill(RUN);
      await page.getByRole('searchbox', { name: 'Search sensors by name' }).press('Enter');
      await page.getByRole('cell', { name, exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/sensors.png` });

      await page.getByRole('button', { name: `Edit: ${name}` }).click();
      await expectHeading(page, 'Edit sensor');
      await page.getByLabel('Name').fill(`${name} v2`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectHeading(page, 'Sensors');
      await page.getByRole('searchbox', { name: 'Search sensors by name' }).fill(RUN);
      await page.getByRole('searchbox', { name: 'Search sensors by name' }).press('Enter');
      await page.getByRole('cell', { name: `${name} v2`, exact: true }).waitFor();

      await page.getByRole('button', { name: `Delete: ${name} v2` }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Sensor deleted.').waitFor();
      await page.getByRole('cell', { name: `${name} v2`, exact: true }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("provider staff read the workers' queues", async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'superAdmin');
      // linked from the provider staff's home
      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Workers' }).click();
      await page.waitForURL((url) => url.pathname === '/worker-servers');
      await expectHeading(page, 'Workers');
      await page.getByRole('cell', { name: 'email.send' }).waitFor();
      await page.getByText('Queue: answering').waitFor();
      await page.screenshot({ path: `${SHOTS}/workers.png` });
      await page.getByRole('searchbox', { name: 'Search queues by name' }).fill('no such queue');
      await page.getByRole('searchbox', { name: 'Search queues by name' }).press('Enter');
      await page.getByText('No queues match this search.').waitFor();
    } finally {
      await context.close();
    }
  });
});
