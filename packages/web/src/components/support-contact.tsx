import { THEMES } from '@aula/domain/themes';
import { Flex, Typography } from 'antd';
import { useT } from '../lib/i18n';
import { runtimeConfig } from '../lib/runtime-config';

/** The theme's support phone and contact links (000 section 1: each theme has its own). */
export function SupportContact() {
  const t = useT();
  const { support } = THEMES[runtimeConfig.theme];
  return (
    <Flex component="aside" vertical gap={4} aria-label={t('common.support.help')} style={{ marginTop: 32 }}>
      <Typography.Text type="secondary">{t('common.support.help')}</Typography.Text>
      <Typography.Link href={support.phoneHref} data-testid="support-phone">
        {t('common.support.phone', { phone: support.phone })}
      </Typography.Link>
      <Flex gap="middle" wrap>
        <Typography.Link href={support.contactUrl} target="_blank" rel="noopener noreferrer">
          {t('common.support.contact')}
        </Typography.Link>
        <Typography.Link href={support.helpUrl} target="_blank" rel="noopener noreferrer">
          {t('common.support.helpCenter')}
        </Typography.Link>
      </Flex>
    </Flex>
  );
}
