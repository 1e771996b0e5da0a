import type { Policy } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { theme } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { isCurrentNavItem } from '../config/navigation';
import { visibleNavItems } from './route-decision';

/**
 * 001 section 2's main navigation: a labelled landmark of plain links (Tab moves through them, Enter opens one);
 * the current section carries aria-current="page" (Content also on the pages of its areas). Items the user's policy
 * does not grant are absent.
 */
export function MainNavigation() {
  const policy = useAppSelector(selectPolicy);
  return <NavigationLinks policy={policy} />;
}

/** The navigation of one policy (the page's user's, or a test's). */
export function NavigationLinks({ policy }: { policy: Policy }) {
  const t = useT();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const items = useMemo(() => visibleNavItems(policy), [policy]);
  return (
    <nav
      aria-label={t('dashboard.layout.mainNavigation')}
      className="main-navigation"
      // the theme's colours (default or partner) for the current item and focus ring
      style={{ '--nav-accent': token.colorPrimary, '--nav-accent-bg': token.colorPrimaryBg } as CSSProperties}
    >
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.path} aria-current={isCurrentNavItem(item, pathname) ? 'page' : undefined}>
              {t(`dashboard.nav.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
