import { Flex, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SupportContact } from '../../components/support-contact';
import { useT } from '../../lib/i18n';

// The switcher's dropdown menu is a large part of AntD; it loads beside the sign-in page instead of before it.
const LanguageSwitcher = lazy(() =>
  import('../../features/language/components/language-switcher').then((m) => ({ default: m.LanguageSwitcher })),
);

/** Public pages (sign-in, forgot password): the brand on the left from md up, the form on the right. */
export function AuthLayout() {
  const t = useT();
  const { token } = theme.useToken();
  return (
    // AntD's Row and Col (xs 0 / 24, md 10 / 14, lg 12 / 12) as two classes of global.css: the grid's breakpoint
    // watcher and styles are not part of the first screen
    <div style={{ display: 'flex', flexFlow: 'row wrap', minHeight: '100vh' }}>
      <div
        className="aula-auth-brand"
        style={{ background: `linear-gradient(160deg, ${token.colorPrimaryActive} 0%, ${token.colorPrimary} 100%)` }}
      >
        {/* the page's banner landmark: everything on a page sits in a landmark (axe's region rule) */}
        <Flex component="header" vertical justify="center" style={{ height: '100%', padding: 48, color: '#fff' }}>
          <p style={{ fontSize: 40, fontWeight: 700, margin: 0 }}>{t(`${__AULA_APP__}.appName`)}</p>
          <p style={{ fontSize: 18, maxWidth: 420, lineHeight: 1.5 }}>{t(`${__AULA_APP__}.tagline`)}</p>
        </Flex>
      </div>
      <div className="aula-auth-side">
        <Flex justify="flex-end" style={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}>
          {/* on public pages the switcher is always offered (001 section 1) */}
          <Suspense fallback={null}>
            <LanguageSwitcher />
          </Suspense>
        </Flex>
        <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
          <div style={{ width: '100%', maxWidth: 400 }}>
            <Outlet />
            <SupportContact />
          </div>
        </Flex>
      </div>
    </div>
  );
}
