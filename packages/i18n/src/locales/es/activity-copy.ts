import type { Catalog } from '../en';

export const activityCopy: Catalog['activityCopy'] = {
  duplicateTitle: '{{title}} (copia)',
};
