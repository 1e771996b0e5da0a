import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched on any 401: the token is missing, expired or revoked (001 section 4). Apart from lib/api.ts so the
 * sign-in page (auth slice, response handler, its own calls in lib/api-fetch.ts) does not bring RTK Query.
 */
export const sessionRejected = createAction('session/rejected');
