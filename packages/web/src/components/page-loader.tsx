import { Flex, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useT } from '../lib/i18n';
import { useHoldPageShown } from '../lib/page-shown';

// AntD's Spin (with its styles) is not part of the first screen; the space it takes is kept while it loads
const Spin = lazy(() => import('antd/es/spin'));
/** The large Spin's size (its dot, `dotSizeLG`). */
const SPIN_LG = 32;

/**
 * A page's loading state. While one shows, the first page has not shown its content: what waits for it (the
 * change-password prompt, the real-time connection, the toast host; lib/page-shown.ts) keeps waiting.
 */
export function PageLoader() {
  useHoldPageShown(true);
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '60vh' }} role="status">
      <Suspense fallback={<span style={{ display: 'block', width: SPIN_LG, height: SPIN_LG }} />}>
        <Spin size="large" />
      </Suspense>
      <span style={{ color: token.colorTextSecondary }}>{t(`${__AULA_APP__}.pages.loading`)}</span>
    </Flex>
  );
}
