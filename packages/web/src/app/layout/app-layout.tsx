import { Avatar, Button, Flex, Layout, theme } from 'antd';
import { Suspense, type ComponentType } from 'react';
import { Link, Outlet } from 'react-router';
import { href } from '../../config/paths';
import { selectCurrentUser } from '../../features/auth/auth.slice';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { RealtimeProvider } from '../../features/realtime/realtime-provider';
import { useAppSelector } from '../hooks';
import { useT, type MessageKey } from '../../lib/i18n';

/**
 * The signed-in shell: brand, the user and sign-out on top, the page below. With `navigationLabel` the brand
 * sits in a labelled navigation landmark (the dashboard's, which will hold its menu). `HeaderItems` is an app's
 * own header controls (the dashboard's notifications), loaded on demand. The real-time connection lives as long
 * as this shell, i.e. while the user is signed in.
 */
export function AppLayout({
  navigationLabel,
  HeaderItems,
}: {
  navigationLabel?: MessageKey;
  HeaderItems?: ComponentType | undefined;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const user = useAppSelector(selectCurrentUser);
  const { signOut, isSigningOut } = useSignOut();
  const brand = (
    <Link to={href.home()} style={{ fontSize: 20, fontWeight: 700 }}>
      {t(`${__AULA_APP__}.appName`)}
    </Link>
  );

  return (
    <RealtimeProvider>
      <Layout style={{ minHeight: '100vh' }}>
        <a className="skip-link" href="#main-content">
          {t(`${__AULA_APP__}.layout.skipToContent`)}
        </a>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 24,
          }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }} gap="middle">
            {navigationLabel ? <nav aria-label={t(navigationLabel)}>{brand}</nav> : brand}
            <Flex align="center" gap="middle">
              {HeaderItems && (
                <Suspense fallback={null}>
                  <HeaderItems />
                </Suspense>
              )}
              <LanguageSwitcher />
              {user && (
                <Flex align="center" gap="small">
                  <Avatar aria-hidden style={{ background: token.colorPrimary }}>
                    {initials(user.first_name, user.last_name)}
                  </Avatar>
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
        <Layout.Content id="main-content" tabIndex={-1} style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </RealtimeProvider>
  );
}

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
