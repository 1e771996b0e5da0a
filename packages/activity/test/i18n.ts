import { setI18n } from 'react-i18next';
import { createI18n } from '@aula/i18n/setup';
import { en } from '@aula/i18n/locales/en';

/** The English catalogue, as the apps provide it, so tests assert the spec's exact strings. */
export function initTestI18n() {
  const i18n = createI18n('en', { en });
  setI18n(i18n);
  return i18n;
}
