import { useT } from '@aula/web/lib/i18n.ts';
import { Descriptions, Typography } from 'antd';
import { ltiToolUrls } from '../lib/tool-urls';

/** Aula's own LTI addresses, each with a copy button, for registering Aula in an LMS (/lti-platforms). */
export function LtiToolUrls() {
  const t = useT();
  const urls = ltiToolUrls();
  const row = (key: keyof typeof urls, label: string) => ({
    key,
    label,
    children: <Typography.Text copyable>{urls[key]}</Typography.Text>,
  });
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={t('lti.toolUrls.title')}
      items={[
        row('login', t('lti.toolUrls.login')),
        row('launch', t('lti.toolUrls.launch')),
        row('deepLinking', t('lti.toolUrls.deepLinking')),
        row('jwks', t('lti.toolUrls.jwks')),
      ]}
    />
  );
}
