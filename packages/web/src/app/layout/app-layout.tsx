import { Button, Flex, Grid, Layout, theme } from 'antd';
import { Suspense, type ComponentType } from 'react';
import { Link, Outlet } from 'react-router';
import { href } from '../../config/paths';
import { selectCurrentUser } from '../../features/auth/auth.slice';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { RealtimeProvider } from '../../features/realtime/realtime-provider';
import { useAppSelector } from '../hooks';
import { useT } from '../../lib/i18n';
import { Feedback } from '../feedback';
import { InsideMainLandmark } from './main-landmark';

/**
 * The signed-in shell: brand, the app's header controls, language, the user and sign-out on top, the page below.
 * With `navigation` the app's menu sits in a column beside the page (above it on narrow screens); the menu renders
 * its own labelled landmark. `HeaderItems` is an app's own header controls (the dashboard's notifications), loaded
 * on demand. The real-time connection lives as long as this shell, i.e. while the user is signed in.
 */
export function AppLayout({
  navigation: Navigation,
  HeaderItems,
}: {
  navigation?: ComponentType | undefined;
  HeaderItems?: ComponentType | undefined;
}) {
  const t = useT();
  const { token } = theme.useToken();
  // below AntD's sm breakpoint (576px) the header packs tighter, so a 360px phone shows it without sideways scroll
  const wide = Grid.useBreakpoint().sm !== false;
  const gap = wide ? 'middle' : 'small';
  const user = useAppSelector(selectCurrentUser);
  const { signOut, isSigningOut } = useSignOut();
  const brand = (
    <Link to={href.home()} style={{ fontSize: 20, fontWeight: 700 }}>
      {t(`${__AULA_APP__}.appName`)}
    </Link>
  );

  return (
    <RealtimeProvider>
      {/* App.useApp() for the signed-in screens (settings messages, the dashboard's notifications) */}
      <Feedback>
        <Layout style={{ minHeight: '100vh' }}>
          <a className="skip-link" href="#main-content">
            {t(`${__AULA_APP__}.layout.skipToContent`)}
          </a>
          <Layout.Header
            className="app-header"
            style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={gap}>
              {brand}
              <Flex align="center" gap={gap}>
                {HeaderItems && (
                  <Suspense fallback={null}>
                    <HeaderItems />
                  </Suspense>
                )}
                <LanguageSwitcher />
                {user && (
                  <Flex align="center" gap="small">
                    {/* AntD's Avatar brings its group's Popover, Tooltip and trigger (some 18 KB gzip) to every page */}
                    <span
                      aria-hidden
                      className="app-header-avatar"
                      style={{
                        background: token.colorPrimary,
                        color: token.colorTextLightSolid,
                        fontSize: token.fontSize,
                      }}
                    >
                      {initials(user.first_name, user.last_name)}
                    </span>
                    <span className="header-user-name" style={{ fontWeight: 600 }}>
                      {`${user.first_name} ${user.last_name}`}
                    </span>
                  </Flex>
                )}
                <Button loading={isSigningOut} onClick={() => void signOut()}>
                  {t(`${__AULA_APP__}.layout.signOut`)}
                </Button>
              </Flex>
            </Flex>
          </Layout.Header>
          <div className={Navigation ? 'app-body app-body-with-navigation' : 'app-body'}>
            {Navigation && (
              <div className="app-navigation" style={{ background: token.colorBgContainer }}>
                {/* the menu may load on demand; the page does not wait for it */}
                <Suspense fallback={null}>
                  <Navigation />
                </Suspense>
              </div>
            )}
            <Layout.Content id="main-content" tabIndex={-1} style={{ padding: 24, minWidth: 0 }}>
              <InsideMainLandmark.Provider value={true}>
                <Outlet />
              </InsideMainLandmark.Provider>
            </Layout.Content>
          </div>
        </Layout>
      </Feedback>
    </RealtimeProvider>
  );
}

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
