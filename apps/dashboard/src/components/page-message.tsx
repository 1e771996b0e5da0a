import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex, theme } from 'antd';
import { useNavigate } from 'react-router';
import { routePaths } from '../config/route-paths';

/**
 * A signed-in page that only says something (coming soon, no permission), with the way home. Inside the layout's
 * <main>, so a plain section (the shell's StatusPage is a <main> of its own, for pages outside the layout).
 */
export function PageMessage({ title, text }: { title: string; text?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '50vh', textAlign: 'center' }}>
      <h1 style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading, margin: 0 }}>{title}</h1>
      {text && <p style={{ color: token.colorTextSecondary, margin: 0 }}>{text}</p>}
      <Button type="primary" onClick={() => void navigate(routePaths.home)}>
        {t('dashboard.pages.goHome')}
      </Button>
    </Flex>
  );
}
