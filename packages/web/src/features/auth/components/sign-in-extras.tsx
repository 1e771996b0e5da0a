import type { OauthProviderCode } from '@aula/domain/auth';
import { Button, Divider, Flex } from 'antd';
import { useT } from '../../../lib/i18n';
import { runtimeConfig } from '../../../lib/runtime-config';
import { oauthStartUrl } from '../../sso/sso-start';

// 001 section 2: 'Or continue with' ClassLink, Clever, Google (LTI starts from the learning platform, not here).
const SIGN_IN_PROVIDERS = [
  { code: 1, key: 'classlink' },
  { code: 2, key: 'clever' },
  { code: 4, key: 'google' },
] as const satisfies readonly { code: OauthProviderCode; key: string }[];

/** Below the sign-in form: the single sign-on buttons (the layout shows the theme's help phone and contact). */
export function SignInExtras() {
  const t = useT();
  return (
    <Flex vertical gap="middle" style={{ marginTop: 8 }}>
      <Divider plain style={{ margin: 0 }}>
        {t(`${__AULA_APP__}.signIn.orContinueWith`)}
      </Divider>
      <Flex gap="small" wrap>
        {SIGN_IN_PROVIDERS.map(({ code, key }) => {
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
