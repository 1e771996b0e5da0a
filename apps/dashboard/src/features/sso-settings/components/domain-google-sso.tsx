import { DOMAIN_SSO_PROVIDERS } from '@aula/domain/sso';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, theme } from 'antd';
import { useListSsoConfigsQuery } from '../api';
import { SsoOwnerCards } from './sso-owner-cards';

/**
 * A domain's Google connection (issue 17; docs/sso-settings.md), on the domain's edit page: one Google connection
 * for the districts of the domain that have none of their own, optionally limited to hosted domains. Provider staff
 * only (resource domain), as the page it sits on.
 */
export function DomainGoogleSso({ domain }: { domain: { id: number; name: string } }) {
  const t = useT();
  const { token } = theme.useToken();
  const { data, isLoading, error, refetch } = useListSsoConfigsQuery({ kind: 'domain', id: domain.id });
  return (
    <section aria-labelledby="domain-google-sso">
      <Flex vertical gap="middle">
        <div>
          <h2 id="domain-google-sso" style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
            {t('ssoSettings.domainTitle')}
          </h2>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0', maxWidth: 720 }}>
            {t('ssoSettings.domainIntro', { name: domain.name })}
          </p>
        </div>
        {isLoading ? (
          <PageLoader />
        ) : error || !data ? (
          <Alert
            type="error"
            showIcon
            message={errorMessages(error, t('ssoSettings.loadFailed'))[0]}
            action={<Button onClick={() => void refetch()}>{t('ssoSettings.retry')}</Button>}
          />
        ) : (
          <SsoOwnerCards
            owner={{ kind: 'domain', id: domain.id }}
            providers={DOMAIN_SSO_PROVIDERS}
            configs={data}
            canEdit
          />
        )}
      </Flex>
    </section>
  );
}
