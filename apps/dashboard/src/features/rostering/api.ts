import { api } from '@aula/web/lib/api.ts';
import { saveResponse } from '@aula/web/lib/download.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import type { RosterValidationReport } from './rostering.types';

// The OneRoster validation screen: POST /dashboard/roster/validation (the report) and /validation/download (the CSV).

const form = (file: File, accountId?: number) => {
  const body = new FormData();
  if (accountId !== undefined) body.append('account_id', String(accountId));
  body.append('file', file);
  return body;
};

export const rosterValidationApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateRosterZip: build.mutation<RosterValidationReport, { file: File; accountId?: number }>({
      query: ({ file, accountId }) => ({
        url: '/dashboard/roster/validation',
        method: 'POST',
        body: form(file, accountId),
      }),
      transformResponse: (r: { data: RosterValidationReport }) => r.data,
    }),
  }),
});

export const { useValidateRosterZipMutation } = rosterValidationApi;

/** Sends the archive again and saves the report's CSV under the name the server gives. */
export async function downloadValidationReport(
  file: File,
  opts: { token: string | null; language: string },
): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': opts.language };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const response = await fetch(`${runtimeConfig.apiUrl}/dashboard/roster/validation/download`, {
    method: 'POST',
    headers,
    body: form(file),
  });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return saveResponse(response, 'oneroster-validation.csv');
}
