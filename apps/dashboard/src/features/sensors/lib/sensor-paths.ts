// Where the sensor pages live (rows of apps/dashboard/src/config/routes.ts): the list, the create form and the
// edit form of one sensor.

export const sensorsHref = (): `/${string}` => '/sensors';
export const sensorCreateHref = (): `/${string}` => '/sensor';
export const sensorEditHref = (id: number): `/${string}` => `/sensor/${id}`;
