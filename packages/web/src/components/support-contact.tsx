import { THEMES } from '@aula/domain/themes';
import { Flex, theme } from 'antd';
import { useT } from '../lib/i18n';
import { runtimeConfig } from '../lib/runtime-config';

/**
 * The theme's support phone and contact links (000 section 1: each theme has its own). Plain elements in the
 * theme's colours: this is on the sign-in page, and AntD's Typography (with its ellipsis, copy and edit machinery)
 * would be one of the largest parts of the first screen's JavaScript (docs/performance-front-end.md).
 */
export function SupportContact() {
  const t = useT();
  const { token } = theme.useToken();
  const { support } = THEMES[runtimeConfig.theme];
  const link = { color: token.colorLink, textDecoration: 'none' } as const;
  return (
    <Flex component="aside" vertical gap={4} aria-label={t('common.support.help')} style={{ marginTop: 32 }}>
      <span style={{ color: token.colorTextSecondary }}>{t('common.support.help')}</span>
      <a href={support.phoneHref} data-testid="support-phone" style={link}>
        {t('common.support.phone', { phone: support.phone })}
      </a>
      <Flex gap="middle" wrap>
        <a href={support.contactUrl} target="_blank" rel="noopener noreferrer" style={link}>
          {t('common.support.contact')}
        </a>
        <a href={support.helpUrl} target="_blank" rel="noopener noreferrer" style={link}>
          {t('common.support.helpCenter')}
        </a>
      </Flex>
    </Flex>
  );
}
