import { auth } from './en/auth';
import { common } from './en/common';
import { errors } from './en/errors';
import { fields } from './en/fields';
import { validation } from './en/validation';
import { sso } from './en/sso';
import type { Catalog } from './en';

/**
 * The English a front end starts with (issue 13): the areas of the sign-in page, its layout, the error pages and the
 * API's messages, shared by both apps, plus the app's own area, which the app hands over (EnglishAppArea: the other
 * app's area is not even imported). The rest of `en` (locales/en.ts, assembled from the same area modules) is added
 * before any other page renders (@aula/web's lazyRoute), so every key stays typed from the one Catalog.
 */
export const enStart = { validation, fields, auth, errors, common, sso } as const;

/** The app's own area of the English catalogue, part of its start catalogue. */
export type EnglishAppArea = Pick<Catalog, 'student'> | Pick<Catalog, 'dashboard'>;

export type StartCatalog = Pick<Catalog, keyof typeof enStart> & Partial<Pick<Catalog, 'student' | 'dashboard'>>;
