import { Flex, theme } from 'antd';
import { useContext, type ReactNode } from 'react';
import { InsideMainLandmark } from '../app/layout/main-landmark';

/**
 * A full-page message with one action. Plain markup instead of AntD's Result, whose illustrations would
 * otherwise ship in the first bundle with the guards and the error page. It is the page's main landmark, unless
 * the signed-in layout already gives it one.
 */
export function StatusPage({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  const { token } = theme.useToken();
  const insideMain = useContext(InsideMainLandmark);
  return (
    <Flex
      component={insideMain ? 'div' : 'main'}
      vertical
      align="center"
      justify="center"
      gap="middle"
      style={{ minHeight: '60vh', padding: 24 }}
    >
      <h1 style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading, margin: 0, textAlign: 'center' }}>
        {title}
      </h1>
      {children && <p style={{ color: token.colorTextSecondary, margin: 0, textAlign: 'center' }}>{children}</p>}
      {action}
    </Flex>
  );
}
