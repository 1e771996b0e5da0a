export const staffHref = () => '/staff';
export const usersHref = () => '/user';
export const userCreateHref = () => '/user/create';
export const userHref = (id: number) => `/user/${id}`;
