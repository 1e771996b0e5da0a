import { Empty, Flex, theme } from 'antd';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';

/** The student's home. Assignments are not served yet, so the list is honestly empty. */
export function HomePage() {
  const t = useT();
  const { token } = theme.useToken();
  // the session guard renders pages only once the user is loaded
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960, marginInline: 'auto' }}>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {t('student.home.greeting', { name: `${user.first_name} ${user.last_name}` })}
      </h1>
      <section
        aria-labelledby="assignments-heading"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}
      >
        <h2 id="assignments-heading" style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
          {t('student.home.assignments')}
        </h2>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <strong>{t('student.home.noAssignments')}</strong>
              <span style={{ color: token.colorTextSecondary }}>{t('student.home.noAssignmentsHint')}</span>
            </Flex>
          }
        />
      </section>
    </Flex>
  );
}
