import { Button, Divider, Flex } from 'antd';
import { useT } from '../../../lib/i18n';
import { runtimeConfig } from '../../../lib/runtime-config';
import { oauthStartUrl } from '../../sso/sso-start';
import type { SignInProvider } from '../auth.types';

/** 001 section 2's 'Or continue with' and a button per provider (SignInExtras loads it when there is one). */
export default function SignInProviders({ providers }: { providers: SignInProvider[] }) {
  const t = useT();
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
