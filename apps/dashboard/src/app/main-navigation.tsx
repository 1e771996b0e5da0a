import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { theme } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { routePaths } from '../config/route-paths';
import { visibleNavItems } from './route-decision';

/**
 * 001 section 2's main navigation: a labelled landmark of plain links (Tab moves through them, Enter opens one);
 * NavLink marks the current section with aria-current="page". Items the user's policy does not grant are absent.
 */
export function MainNavigation() {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
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
            <NavLink to={item.path} end={item.path === routePaths.home}>
              {t(`dashboard.nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
