// The demo district's sign-in credentials, printed on first start and used by the browser tests.
// Demo data only: never seeded when SEED_DEMO=false.
export const DEMO_PASSWORD = 'Aula-demo-2026!';

export const DEMO_USERS = {
  superAdmin: { role: 'super-administrator', email: 'staff@demo.aula.test', firstName: 'Sam', lastName: 'Staff' },
  domainAdmin: {
    role: 'domain-administrator',
    email: 'domain.admin@demo.aula.test',
    firstName: 'Dana',
    lastName: 'Domain',
  },
  districtAdmin: {
    role: 'administrator',
    email: 'district.admin@demo.aula.test',
    firstName: 'Diego',
    lastName: 'District',
  },
  schoolAdmin: {
    role: 'school-administrator',
    email: 'school.admin@demo.aula.test',
    firstName: 'Sofia',
    lastName: 'School',
  },
  teacher: { role: 'teacher', email: 'teacher@demo.aula.test', firstName: 'Tara', lastName: 'Teacher' },
  reporter: { role: 'custom', email: 'reporter@demo.aula.test', firstName: 'Rey', lastName: 'Reporter' },
  student: {
    role: 'student',
    email: 'student@demo.aula.test',
    username: 'student1',
    firstName: 'Stella',
    lastName: 'Student',
  },
} as const;

export type DemoUserKey = keyof typeof DEMO_USERS;

/** The custom role the demo reporter has: a district's own role with a narrower menu than any built-in one. */
export const DEMO_REPORTER_ROLE = {
  name: 'District Reporter',
  label: 'Reporter',
  permissions: ['quick-report-view', 'reports-management', 'account-view'],
} as const;
