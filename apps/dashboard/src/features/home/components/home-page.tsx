import { Descriptions, Flex, theme } from 'antd';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { href } from '@aula/web/config/paths.ts';
import { Link } from 'react-router';
import { useT } from '@aula/web/lib/i18n.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';

/** The signed-in home; the later shell issue replaces it with the welcome dashboard. */
export function HomePage() {
  const t = useT();
  const { token } = theme.useToken();
  // the session guard renders pages only once the user is loaded
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960, marginInline: 'auto' }}>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('dashboard.home.welcome', { name })}</h1>
      <section
        aria-labelledby="profile-heading"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}
      >
        <h2 id="profile-heading" style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
          {t('dashboard.home.profile')}
        </h2>
        <Descriptions column={1}>
          <Descriptions.Item label={t('dashboard.home.name')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.home.role')}>{t(`dashboard.roles.${user.role}`)}</Descriptions.Item>
          {user.email && <Descriptions.Item label={t('dashboard.home.email')}>{user.email}</Descriptions.Item>}
        </Descriptions>
        <Link to={href.settings()}>{t('dashboard.settings.openSettings')}</Link>
      </section>
    </Flex>
  );
}
