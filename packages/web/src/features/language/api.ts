import type { LanguageCode } from '@aula/domain/languages';
import { api } from '../../lib/api';

export const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /{app}/settings { language } (001 section 7: change settings). */
    saveLanguage: build.mutation<void, LanguageCode>({
      query: (language) => ({ url: `/${__AULA_APP__}/settings`, method: 'PATCH', body: { language } }),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;
