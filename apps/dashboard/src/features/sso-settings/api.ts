import { api } from '@aula/web/lib/api.ts';
import type {
  SsoConfigDto,
  SsoConfigSaveInput,
  SsoConfigTestInput,
  SsoConnectionTestResult,
  SsoProvider,
} from '@aula/domain/sso';

// SSO provider settings of a district, and a domain's Google connection (issue 17 item 6; docs/sso-settings.md).
// Their errors are the screen's (the form shows 422s on their fields, the test its result), so these endpoint names
// are in SCREEN_HANDLED.

/** Whose connections: a district (account) or, for Google only, a domain. */
export interface SsoOwner {
  kind: 'account' | 'domain';
  id: number;
}

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['SsoConfigs'] });
const base = (owner: SsoOwner) =>
  `/dashboard/${owner.kind === 'domain' ? 'domains' : 'accounts'}/${owner.id}/sso-configs`;
const tag = (owner: SsoOwner) => ({ type: 'SsoConfigs' as const, id: `${owner.kind}-${owner.id}` });

export const ssoSettingsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listSsoConfigs: build.query<SsoConfigDto[], SsoOwner>({
      query: (owner) => base(owner),
      transformResponse: data<SsoConfigDto[]>,
      providesTags: (_r, _e, owner) => [tag(owner)],
      keepUnusedDataFor: 0,
    }),
    saveSsoConfig: build.mutation<SsoConfigDto, { owner: SsoOwner; provider: SsoProvider; body: SsoConfigSaveInput }>({
      query: ({ owner, provider, body }) => ({ url: `${base(owner)}/${provider}`, method: 'PUT', body }),
      transformResponse: data<SsoConfigDto>,
      invalidatesTags: (_r, _e, { owner }) => [tag(owner)],
    }),
    deleteSsoConfig: build.mutation<void, { owner: SsoOwner; provider: SsoProvider }>({
      query: ({ owner, provider }) => ({ url: `${base(owner)}/${provider}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { owner }) => [tag(owner)],
    }),
    testSsoConfig: build.mutation<
      SsoConnectionTestResult,
      { owner: SsoOwner; provider: SsoProvider; body: SsoConfigTestInput }
    >({
      query: ({ owner, provider, body }) => ({
        url: `${base(owner)}/${provider}/test-connection`,
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
