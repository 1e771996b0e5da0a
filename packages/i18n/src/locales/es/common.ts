import type { Catalog } from '../en';

export const common: Catalog['common'] = {
  language: {
    label: 'Idioma',
    en: 'English',
    es: 'Español',
    uk: 'Українська',
    saveFailed: 'No se pudo guardar su idioma.',
  },
  support: {
    help: '¿Necesita ayuda?',
    phone: 'Llame a soporte: {{phone}}',
    contact: 'Contactar con soporte',
    helpCenter: 'Centro de ayuda',
  },
};
