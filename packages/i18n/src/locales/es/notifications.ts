import type { Catalog } from '../en';

export const notifications: Catalog['notifications'] = {
  toastSeconds: '30',
};
