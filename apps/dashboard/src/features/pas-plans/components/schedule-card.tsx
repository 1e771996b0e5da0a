import { DeleteOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Button, Card, DatePicker, Input, List, Select, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleAssignment } from '../lib/schedule';

// One day of the PAS wizard's schedule (or the unassigned activities): its date, title and activities, each of which
// may be locked, moved to another day or deleted.

export function ScheduleCard({
  assignment: a,
  targets,
  onMove,
  onLock,
  onDelete,
  onRename,
  onRedate,
}: {
  assignment: ScheduleAssignment;
  targets: ScheduleAssignment[];
  onMove: (activityId: number, toKey: string) => void;
  onLock: (activityId: number) => void;
  onDelete: (activityId: number) => void;
  onRename: (title: string) => void;
  onRedate: (date: string) => void;
}) {
  const t = useT();
  const dates = useDates();
  const heading =
    a.date === null ? (
      <Typography.Text strong>{t('pasPlans.wizard.unassigned')}</Typography.Text>
    ) : (
      <Space wrap>
        <Typography.Text strong>{dates.day(a.date)}</Typography.Text>
        {!a.given && (
          <DatePicker
            size="small"
            allowClear={false}
            format={dates.picker.date}
            value={dayjs(a.date)}
            aria-label={t('pasPlans.wizard.changeDate', { date: dates.day(a.date) })}
            onChange={(d: Dayjs | null) => d && onRedate(d.format('YYYY-MM-DD'))}
          />
        )}
        {a.original_date && (
          <Tag color="orange" style={{ color: '#873800' }}>
            {t('pasPlans.wizard.weekendMoved', { label: t('pasPlans.weekendLabel'), date: dates.day(a.original_date) })}
          </Tag>
        )}
      </Space>
    );
  return (
    <Card
      size="small"
      title={heading}
      data-testid={a.date === null ? 'pas-unassigned' : `pas-day-${a.date}`}
      extra={
        a.date !== null && (
          <Input
            size="small"
            value={a.title}
            aria-label={t('pasPlans.wizard.assignmentTitle', { date: dates.day(a.date) })}
            onChange={(e) => onRename(e.target.value)}
            style={{ width: 220 }}
          />
        )
      }
    >
      {a.given && <Typography.Paragraph type="secondary">{t('pasPlans.wizard.givenHint')}</Typography.Paragraph>}
      {a.date === null && (
        <Typography.Paragraph type="secondary">{t('pasPlans.wizard.unassignedHelp')}</Typography.Paragraph>
      )}
      <List
        size="small"
        dataSource={a.activities}
        locale={{ emptyText: ' ' }}
        renderItem={(x) => (
          <List.Item
            actions={[
              ...(a.date !== null
                ? [
                    <Switch
                      key="lock"
                      size="small"
                      checked={x.is_locked}
                      checkedChildren={<LockOutlined />}
                      unCheckedChildren={<UnlockOutlined />}
                      aria-label={t('pasPlans.wizard.lock', { title: x.title })}
                      onChange={() => onLock(x.id)}
                    />,
                  ]
                : []),
              <Select
                key="move"
                size="small"
                style={{ width: 170 }}
                placeholder={t('pasPlans.wizard.moveTo', { title: '' }).trim()}
                aria-label={t('pasPlans.wizard.moveTo', { title: x.title })}
                value={null}
                options={targets.map((g) => ({ value: g.key, label: `${dates.day(g.date)} · ${g.title}` }))}
                onChange={(to: string) => onMove(x.id, to)}
              />,
              <Button
                key="delete"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('pasPlans.wizard.deleteActivity', { title: x.title })}
                onClick={() => onDelete(x.id)}
              />,
            ]}
          >
            {x.title}
          </List.Item>
        )}
      />
    </Card>
  );
}
