import { STUDENT_ACTIVITY_STATUSES, type StudentActivityStatus } from '@aula/domain/people';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { StatusTag } from '../../../components/status-tag';
import { useListStudentActivitiesQuery } from '../api';
import type { StudentActivity } from '../people.types';

const PER_PAGE = 10;
const STATUS_TONE: Record<StudentActivityStatus, 'default' | 'blue' | 'green'> = {
  not_started: 'default',
  in_progress: 'blue',
  submitted: 'green',
};

/** The activities assigned to a student (002 section 7, POST student activities), with their progress. */
export function StudentActivitiesTable({ studentId, classId }: { studentId: number; classId?: number | undefined }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StudentActivityStatus>();
  const { data, isFetching } = useListStudentActivitiesQuery({
    studentId,
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(classId ? { class_id: classId } : {}),
  });
  const dates = useDates();
  const date = (iso: string) => dates.date(iso);

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" role="search" aria-label={t('people.activities.search')}>
        <Input.Search
          allowClear
          aria-label={t('people.activities.search')}
          placeholder={t('people.activities.search')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<StudentActivityStatus>
          allowClear
          aria-label={t('people.activities.status')}
          placeholder={t('people.activities.allStatuses')}
          style={{ width: 180 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={STUDENT_ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`people.activities.statuses.${s}`) }))}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<StudentActivity>
          rowKey={(r) => `${r.assignment_id}/${r.activity_id}`}
          loading={isFetching}
          dataSource={data?.data ?? []}
          // while the first answer is on its way the table is loading, not empty
          locale={{ emptyText: data ? t('people.activities.empty') : ' ' }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'activity', title: t('people.activities.activity'), dataIndex: 'activity_title' },
            { key: 'assignment', title: t('people.activities.assignment'), dataIndex: 'assignment_name' },
            { key: 'start', title: t('people.activities.start'), render: (_v, r) => date(r.start_at) },
            {
              key: 'due',
              title: t('people.activities.due'),
              render: (_v, r) =>
                r.due_at ? (
                  date(r.due_at)
                ) : (
                  <Typography.Text type="secondary">{t('people.activities.noDue')}</Typography.Text>
                ),
            },
            {
              key: 'status',
              title: t('people.activities.status'),
              render: (_v, r) => (
                <StatusTag tone={STATUS_TONE[r.status]}>{t(`people.activities.statuses.${r.status}`)}</StatusTag>
              ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
