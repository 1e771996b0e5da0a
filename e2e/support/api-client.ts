import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';

/** Signs in through the API as a user would through the form, and returns the token. */
export async function apiSignIn(
  apiUrl: string,
  scope: 'dashboard' | 'student',
  login: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${apiUrl}/${scope}/auth/form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}

let counter = 0;

/** A unique address per call, so journeys that change passwords never touch the demo users the others sign in as. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@demo.aula.test`;
}

/**
 * A new staff user in the demo district, created by the seeded super admin with POST /dashboard/users. With
 * `password` equal to the email the API lists the change-password action for them.
 */
export async function createStaffUser(
  apiUrl: string,
  user: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const admin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.superAdmin.email, DEMO_PASSWORD);
  const response = await fetch(`${apiUrl}/dashboard/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      role: 'super-administrator',
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password: user.password,
      password_confirmation: user.password,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
