import { Descriptions, Flex, theme } from 'antd';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { href } from '@aula/web/config/paths.ts';
import { Link } from 'react-router';
import { useT } from '@aula/web/lib/i18n.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { summaryKindOf } from '../../summaries/lib/summary-kind';
import { StaffSummaryView } from '../../summaries/components/staff-summary-view';
import { TeacherHome } from '../../summaries/components/teacher-home';
import { AdminLinks } from './admin-links';

/**
 * The signed-in home (issue 15 item 1): provider staff see the staff summary, a teacher their classes and the
 * assignments due; everyone sees their profile. District and school admins are sent to their account or school
 * page by the route guard before this renders.
 */
export function HomePage() {
  const t = useT();
  const { token } = theme.useToken();
  // the session guard renders pages only once the user is loaded
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;
  const kind = summaryKindOf({ role: user.role, account_id: user.account_id, policy });

  return (
    <Flex vertical gap="large" style={{ maxWidth: kind === 'staff' ? 1200 : 960, marginInline: 'auto' }}>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('dashboard.home.welcome', { name })}</h1>
      {kind === 'staff' && <AdminLinks />}
      {kind === 'staff' && <StaffSummaryView />}
      {kind === 'classes' && <TeacherHome />}
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
