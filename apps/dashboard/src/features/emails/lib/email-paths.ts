// Where the Emails pages live (rows of apps/dashboard/src/config/routes.ts).

export const emailsHref = (): `/${string}` => '/emails';
export const emailHref = (id: number): `/${string}` => `/emails/${id}`;
