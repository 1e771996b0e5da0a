import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Tabs, Typography, theme } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { IntegrationsSettings } from './integrations-settings';
import { NotificationsSettings } from './notifications-settings';
import { ProfileSettings } from './profile-settings';
import { SecuritySettings } from './security-settings';

// 001 section 2, other screens: settings (profile, security, notifications, integrations), one URL per section.
const SECTIONS = {
  profile: ProfileSettings,
  security: SecuritySettings,
  notifications: NotificationsSettings,
  integrations: IntegrationsSettings,
} as const;
type Section = keyof typeof SECTIONS;

function isSection(value: string | undefined): value is Section {
  return value !== undefined && Object.hasOwn(SECTIONS, value);
}

export function SettingsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { section } = useParams();
  if (section === undefined) return <Navigate to={href.settings('profile')} replace />;
  if (!isSection(section)) return <NotFoundPage />;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960, marginInline: 'auto' }}>
      <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {t('dashboard.settings.title')}
      </Typography.Title>
      <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: '8px 24px 24px' }}>
        <Tabs
          aria-label={t('dashboard.settings.sections')}
          activeKey={section}
          onChange={(key) => void navigate(href.settings(key))}
          items={(Object.keys(SECTIONS) as Section[]).map((key) => {
            const Content = SECTIONS[key];
            return { key, label: t(`dashboard.settings.${key}`), children: key === section ? <Content /> : null };
          })}
        />
      </div>
    </Flex>
  );
}
