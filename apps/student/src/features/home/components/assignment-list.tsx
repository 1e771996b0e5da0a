import { groupByStatus, type StudentAssignmentStatus } from '@aula/domain/assignments';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Flex, theme } from 'antd';
import type { StudentAssignment } from '../api';
import { ActivityAction } from './activity-action';

// Each status has its own accent on the card's edge; the text itself stays dark on white for contrast.
const ACCENT: Record<StudentAssignmentStatus, string> = {
  current: '#1677ff',
  upcoming: '#722ed1',
  past_due: '#cf1322',
  completed: '#389e0d',
};

/** The student's assignments grouped by status (current, upcoming, past due, completed); empty groups are left out. */
export function AssignmentList({ assignments }: { assignments: readonly StudentAssignment[] }) {
  const t = useT();
  const { token } = theme.useToken();
  const at = (key: 'assignments.student.starts' | 'assignments.student.due', iso: string) => (
    <time dateTime={iso}>{t(key, { date: formatDateTime(iso, i18n.language) })}</time>
  );

  return (
    <Flex vertical gap="large">
      {groupByStatus(assignments)
        .filter((g) => g.items.length > 0)
        .map(({ status, items }) => (
          <section key={status} aria-labelledby={`assignments-${status}`}>
            <Flex align="baseline" gap="small" wrap>
              <h3 id={`assignments-${status}`} style={{ fontSize: token.fontSizeHeading5, margin: 0 }}>
                {t(`assignments.student.heading.${status}`)}
              </h3>
              <span style={{ color: token.colorTextSecondary }}>
                {t('assignments.student.count', { count: items.length })}
              </span>
            </Flex>
            <ul style={{ listStyle: 'none', padding: 0, margin: '12px 0 0', display: 'grid', gap: 12 }}>
              {items.map((a) => (
                <li
                  key={a.id}
                  data-status={status}
                  style={{
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderInlineStart: `6px solid ${ACCENT[status]}`,
                    borderRadius: token.borderRadiusLG,
                    padding: '12px 16px',
                    background: token.colorBgContainer,
                  }}
                >
                  <Flex vertical gap={6}>
                    <h4 style={{ fontSize: token.fontSizeLG, margin: 0 }}>{a.name}</h4>
                    <Flex wrap style={{ color: token.colorTextSecondary, columnGap: 16, rowGap: 2 }}>
                      {status === 'upcoming' && <span>{at('assignments.student.starts', a.start_at)}</span>}
                      {a.due_at ? (
                        <span style={status === 'past_due' ? { color: '#a8071a', fontWeight: 600 } : undefined}>
                          {at('assignments.student.due', a.due_at)}
                        </span>
                      ) : (
                        <span>{t('assignments.student.noDue')}</span>
                      )}
                    </Flex>
                    <ul
                      aria-label={t('assignments.student.activities')}
                      style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}
                    >
                      {a.activities.map((x) => (
                        <li key={x.id}>
                          <Flex align="center" justify="space-between" gap="middle" wrap>
                            <span>{x.title}</span>
                            {status !== 'upcoming' && <ActivityAction assignmentId={a.id} activity={x} />}
                          </Flex>
                        </li>
                      ))}
                    </ul>
                  </Flex>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </Flex>
  );
}
