import type { SsoConfigDto, SsoProvider } from '@aula/domain/sso';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App } from 'antd';
import { useDeleteSsoConfigMutation, useSaveSsoConfigMutation, useTestSsoConfigMutation, type SsoOwner } from '../api';
import { SsoProviderCard } from './sso-provider-card';

/** The provider cards of one owner (a district's three, a domain's Google), wired to save, test and delete. */
export function SsoOwnerCards(props: {
  owner: SsoOwner;
  providers: readonly SsoProvider[];
  configs: SsoConfigDto[];
  canEdit: boolean;
}) {
  const { owner, providers, configs, canEdit } = props;
  const t = useT();
  const { message } = App.useApp();
  const [save] = useSaveSsoConfigMutation();
  const [remove] = useDeleteSsoConfigMutation();
  const [test] = useTestSsoConfigMutation();
  const name = (provider: SsoProvider) => t(`ssoSettings.providers.${provider}`);
  const fail = (err: unknown) => {
    for (const text of errorMessages(err as Parameters<typeof errorMessages>[0], t('ssoSettings.failed')))
      void message.error(text);
  };
  return providers.map((provider) => (
    <SsoProviderCard
      key={provider}
      provider={provider}
      ownerKind={owner.kind}
      config={configs.find((c) => c.provider === provider) ?? null}
      canEdit={canEdit}
      onSave={async (body) => {
        await save({ owner, provider, body }).unwrap();
        void message.success(t('ssoSettings.saved', { provider: name(provider) }));
      }}
      onTest={async (body) => {
        try {
          return await test({ owner, provider, body }).unwrap();
        } catch (err) {
          fail(err);
          return null;
        }
      }}
      onDelete={async () => {
        await remove({ owner, provider }).unwrap();
        void message.success(t('ssoSettings.removed', { provider: name(provider) }));
      }}
      onError={fail}
    />
  ));
}
