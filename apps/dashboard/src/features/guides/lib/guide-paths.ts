// Where the guide pages live (rows of apps/dashboard/src/config/routes.ts): the list, the create form and the edit
// form of one guide.

export const guidesHref = (): `/${string}` => '/guides';
export const guideCreateHref = (): `/${string}` => '/guide';
export const guideEditHref = (id: number): `/${string}` => `/guide/${id}`;
