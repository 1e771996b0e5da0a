import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading';
import type { ListScopeRef } from '../lib/list-scope';

/** A people list's heading, with which account, school, class, teacher or group it is under. */
export function ListHeader({
  title,
  listName,
  scope,
  extra,
}: {
  title: string;
  listName: string;
  scope: ListScopeRef | null;
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <Flex justify="space-between" align="center" wrap gap="middle">
      <Flex vertical gap={4}>
        <PageHeading>{title}</PageHeading>
        {scope && (
          <Typography.Text type="secondary">
            {t('people.common.scopedTo', {
              list: listName,
              scope: t(`people.common.scopes.${scope.scope}`),
              id: scope.id,
            })}
          </Typography.Text>
        )}
      </Flex>
      {extra}
    </Flex>
  );
}
