import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { StatusPage } from '../../../components/status-page';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { useT } from '../../../lib/i18n';
import { useConnectOauthMutation } from '../../auth/api';
import { parseProviderCode, providerName } from '../sso-params';

/**
 * /oauth/{provider}/connect?hash= (signed in): after a single sign-on found no Aula user and the user signed in with
 * their password, this connects the provider's identity to them (001 section 7; single use, docs/sso.md).
 */
export function OauthConnectPage() {
  const t = useT();
  const { provider: rawProvider } = useParams();
  const [params] = useSearchParams();
  const provider = parseProviderCode(rawProvider);
  const hash = params.get('hash');
  const [connect, { isError, isSuccess, error }] = useConnectOauthMutation();
  const started = useRef(false);

  useEffect(() => {
    if (provider === null || !hash || started.current) return;
    started.current = true;
    void connect({ provider, hash })
      .unwrap()
      .catch(() => undefined);
  }, [connect, provider, hash]);

  const home = <Link to={href.home()}>{t('sso.continue')}</Link>;
  const name = provider === null ? '' : t(`${__AULA_APP__}.account.providers.${providerName(provider)}`);
  if (provider === null || !hash || isError) {
    const text = isError ? errorMessages(error, t('sso.connectInvalid')).join(' ') : t('sso.connectInvalid');
    return (
      <StatusPage title={t('sso.connectFailedTitle', { provider: name })} action={home}>
        <span role="alert">{text}</span>
      </StatusPage>
    );
  }
  if (isSuccess) {
    return (
      <StatusPage title={t('sso.connected', { provider: name })} action={home}>
        {null}
      </StatusPage>
    );
  }
  return <StatusPage title={t('sso.connecting', { provider: name })} action={<Spin />} />;
}
