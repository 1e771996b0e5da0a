import type { AttemptView } from '@aula/domain/attempts';
import { href } from '@aula/web/config/paths.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The player's and the review's top: back to the assignments, the activity's title, its assignment, a status. */
export function WorkHeader({
  view,
  status,
  subtitle,
}: {
  view: AttemptView;
  status?: ReactNode;
  subtitle?: ReactNode;
}) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4}>
      <Link to={href.home()}>{t('studentWork.player.back')}</Link>
      <Flex justify="space-between" align="flex-end" gap="middle" wrap>
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{view.activity.title}</h1>
          <div style={{ color: token.colorTextSecondary }}>{subtitle ?? view.assignment.name}</div>
        </div>
        {status}
      </Flex>
    </Flex>
  );
}
