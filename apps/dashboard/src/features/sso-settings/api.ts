import { api } from '@aula/web/lib/api.ts';
import type {
  SsoConfigDto,
  SsoConfigSaveInput,
  SsoConfigTestInput,
  SsoConnectionTestResult,
  SsoProvider,
} from '@aula/domain/sso';

// A district's SSO provider settings (issue 17 item 6; docs/sso-settings.md). Their errors are the screen's (the
// form shows 422s on their fields, the test its result), so these endpoint names are in SCREEN_HANDLED.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['SsoConfigs'] });
const base = (accountId: number) => `/dashboard/accounts/${accountId}/sso-configs`;

export const ssoSettingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listSsoConfigs: build.query<SsoConfigDto[], number>({
      query: (accountId) => base(accountId),
      transformResponse: data<SsoConfigDto[]>,
      providesTags: (_r, _e, id) => [{ type: 'SsoConfigs', id }],
      keepUnusedDataFor: 0,
    }),
    saveSsoConfig: build.mutation<SsoConfigDto, { accountId: number; provider: SsoProvider; body: SsoConfigSaveInput }>(
      {
        query: ({ accountId, provider, body }) => ({ url: `${base(accountId)}/${provider}`, method: 'PUT', body }),
        transformResponse: data<SsoConfigDto>,
        invalidatesTags: (_r, _e, { accountId }) => [{ type: 'SsoConfigs', id: accountId }],
      },
    ),
    deleteSsoConfig: build.mutation<void, { accountId: number; provider: SsoProvider }>({
      query: ({ accountId, provider }) => ({ url: `${base(accountId)}/${provider}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { accountId }) => [{ type: 'SsoConfigs', id: accountId }],
    }),
    testSsoConfig: build.mutation<
      SsoConnectionTestResult,
      { accountId: number; provider: SsoProvider; body: SsoConfigTestInput }
    >({
      query: ({ accountId, provider, body }) => ({
        url: `${base(accountId)}/${provider}/test-connection`,
        method: 'POST',
        body,
      }),
      transformResponse: data<SsoConnectionTestResult>,
    }),
  }),
});

export const {
  useListSsoConfigsQuery,
  useSaveSsoConfigMutation,
  useDeleteSsoConfigMutation,
  useTestSsoConfigMutation,
} = ssoSettingsApi;
