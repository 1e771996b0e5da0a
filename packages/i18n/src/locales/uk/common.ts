import type { Catalog } from '../en';

export const common: Catalog['common'] = {
  language: {
    label: 'Мова',
    en: 'English',
    es: 'Español',
    uk: 'Українська',
    saveFailed: 'Не вдалося зберегти мову.',
  },
  support: {
    help: 'Потрібна допомога?',
    phone: 'Телефон підтримки: {{phone}}',
    contact: 'Звʼязатися з підтримкою',
    helpCenter: 'Довідковий центр',
  },
};
