import { Button, Divider, Flex } from 'antd';
import { useT } from '../../../lib/i18n';
import { runtimeConfig } from '../../../lib/runtime-config';
import { oauthStartUrl } from '../../sso/sso-start';
import { useGetSignInProvidersQuery } from '../api';

/**
 * Below the sign-in form: 001 section 2's 'Or continue with' and a button per single sign-on provider, only for the
 * providers a district has turned on (the API says which; LTI starts from the learning platform, not here). With
 * none, or while the answer is on its way, nothing shows (the layout shows the theme's help phone and contact).
 */
export function SignInExtras() {
  const t = useT();
  const { data: providers = [] } = useGetSignInProvidersQuery();
  if (providers.length === 0) return null;
  return (
    <Flex vertical gap="middle" style={{ marginTop: 8 }}>
      <Divider plain style={{ margin: 0 }}>
        {t(`${__AULA_APP__}.signIn.orContinueWith`)}
      </Divider>
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
