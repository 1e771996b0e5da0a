import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { visibleAdminLinks, type AdminLinkKey } from '../lib/admin-links';

// each link is named as its page's heading names it
const LABELS: Record<AdminLinkKey, MessageKey> = {
  accounts: 'dashboard.nav.accounts',
  organizations: 'dashboard.nav.organizations',
  staff: 'staff.staffTitle',
  users: 'staff.usersTitle',
  roles: 'roles.title',
  domains: 'domains.title',
  techSettings: 'technology.settingsTitle',
  status: 'technology.statusTitle',
  workers: 'workers.title',
};

/** The administration pages the viewer may open, for provider staff on their home. */
export function AdminLinks() {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const links = visibleAdminLinks(policy);
  if (links.length === 0) return null;
  return (
    <nav
      aria-labelledby="administration-heading"
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}
    >
      <h2 id="administration-heading" style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
        {t('dashboard.home.administration')}
      </h2>
      <Flex wrap gap="middle">
        {links.map((link) => (
          <Link key={link.key} to={link.path}>
            {t(LABELS[link.key])}
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
