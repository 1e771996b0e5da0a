/** Links to the class pages (the route patterns are in config/routes.ts). */
export const classesHref = (): `/${string}` => '/classes';
export const classHref = (classId: number): `/${string}` => `/classes/${classId}`;
export const classSettingsHref = (classId: number): `/${string}` => `/classes/${classId}/settings`;
export const classLabGroupsHref = (classId: number): `/${string}` => `/classes/${classId}/lab-groups`;
export const classGroupsHref = (classId: number): `/${string}` => `/classes/${classId}/groups`;

/** A person's name as lists show it. */
export function personName(p: { first_name: string; last_name: string; middle_name?: string | null }): string {
  return [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');
}
