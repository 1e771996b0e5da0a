import { Alert, Button, Empty, Flex, Spin, theme } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@aula/web/app/hooks.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { useGetMyAssignmentsQuery } from '../api';
import { AssignmentList } from './assignment-list';

/** The student's home: a greeting and their assignments, grouped by status. */
export function HomePage() {
  const t = useT();
  const { token } = theme.useToken();
  // the session guard renders pages only once the user is loaded
  const user = useAppSelector(selectCurrentUser);
  // fresh statuses after working on an activity (Continue becomes Review once submitted)
  const { data, isLoading, isError, refetch } = useGetMyAssignmentsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const dispatch = useAppDispatch();
  useEffect(() => {
    // answers an earlier visit left on this device (closed offline, the server down) go now; loaded after the page
    void import('../../work/lib/send-leftovers').then((m) => m.sendLeftovers(dispatch)).catch(() => undefined);
  }, [dispatch]);
  if (!user) return null;

  return (
    // overflowWrap: a title longer than a phone is wide breaks instead of pushing the page sideways
    <Flex vertical gap="large" style={{ maxWidth: 960, marginInline: 'auto', overflowWrap: 'anywhere' }}>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {t('student.home.greeting', { name: `${user.first_name} ${user.last_name}` })}
      </h1>
      <section
        aria-labelledby="assignments-heading"
        aria-busy={isLoading}
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}
      >
        <h2 id="assignments-heading" style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
          {t('student.home.assignments')}
        </h2>
        {isLoading ? (
          <Flex justify="center" style={{ padding: 24 }} role="status">
            <Spin aria-label={t('student.pages.loading')} />
          </Flex>
        ) : isError ? (
          <Alert
            type="error"
            showIcon
            title={t('assignments.student.loadFailed')}
            action={<Button onClick={() => void refetch()}>{t('assignments.student.retry')}</Button>}
          />
        ) : data && data.length > 0 ? (
          <AssignmentList assignments={data} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4}>
                <strong>{t('student.home.noAssignments')}</strong>
                <span style={{ color: token.colorTextSecondary }}>{t('student.home.noAssignmentsHint')}</span>
              </Flex>
            }
          />
        )}
      </section>
    </Flex>
  );
}
