import { readFileSync } from 'node:fs';

/** The API's version, from its package.json (the OpenAPI document and GET / say it). */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
