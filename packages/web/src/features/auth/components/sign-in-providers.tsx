import { Button, Divider, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { runtimeConfig } from '../../../lib/runtime-config';
import { oauthStartUrl } from '../../sso/sso-start';
import type { SignInProvider } from '../auth.types';

/** 001 section 2's 'Or continue with' and a button per provider (SignInExtras loads it when there is one). */
export default function SignInProviders({ providers }: { providers: SignInProvider[] }) {
  const t = useT();
  // the API sends the user back here when more than one district signs in with the provider (docs/sso.md)
  const [askDistrict] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('sso_district'),
  );
  const asked = providers.find((p) => String(p.code) === askDistrict);
  return (
    <Flex vertical gap="middle" style={{ marginTop: 8 }}>
      <Divider plain style={{ margin: 0 }}>
        {t(`${__AULA_APP__}.signIn.orContinueWith`)}
      </Divider>
      {asked && (
        <DistrictPrompt code={asked.code} provider={t(`${__AULA_APP__}.account.providers.${asked.provider}`)} />
      )}
      <Flex gap="small" wrap>
        {providers.map(({ code, provider: key }) => {
          const provider = t(`${__AULA_APP__}.account.providers.${key}`);
          return (
            <Button
              key={key}
              href={oauthStartUrl(runtimeConfig.apiUrl, code, __AULA_APP__)}
              aria-label={t(`${__AULA_APP__}.account.signInWith`, { provider })}
              style={{ flex: '1 1 0' }}
            >
              {provider}
            </Button>
          );
        })}
      </Flex>
    </Flex>
  );
}

/** 'Which district are you in?': the district ID goes with the start of the sign-in. */
function DistrictPrompt({ code, provider }: { code: SignInProvider['code']; provider: string }) {
  const t = useT();
  const id = useId();
  const [district, setDistrict] = useState('');
  return (
    <Flex vertical gap="small" role="group" aria-labelledby={`${id}-title`}>
      <Typography.Text strong id={`${id}-title`}>
        {t('sso.districtTitle')}
      </Typography.Text>
      <Typography.Text type="secondary">{t('sso.districtText', { provider })}</Typography.Text>
      <label htmlFor={`${id}-input`}>{t('sso.districtLabel')}</label>
      <Input id={`${id}-input`} value={district} onChange={(e) => setDistrict(e.target.value)} autoComplete="off" />
      <Button
        type="primary"
        disabled={!district.trim()}
        href={district.trim() ? oauthStartUrl(runtimeConfig.apiUrl, code, __AULA_APP__, district) : undefined}
      >
        {t('sso.districtContinue', { provider })}
      </Button>
    </Flex>
  );
}
