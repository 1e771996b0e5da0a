import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Card, Col, DatePicker, Flex, Row, Statistic, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useGetClassSummaryQuery } from '../api';
import type { StudentStats } from '../classes.types';
import { personName } from '../lib/class-paths';
import { ClassHeader } from './class-header';

/**
 * /classes/:classId, the class summary (002 section 3): the class's name and primary teacher, its students with
 * their stats for a date range (default the last 30 days), the lab groups total and how many students are assigned.
 */
export function ClassSummaryPage() {
  const { classId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <ClassSummary classId={Number(raw)} />;
}

function ClassSummary({ classId }: { classId: number }) {
  const t = useT();
  const dates = useDates();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const { data, isLoading, isError, isFetching } = useGetClassSummaryQuery({
    id: classId,
    ...(range ? { start_date: range[0].format('YYYY-MM-DD'), end_date: range[1].format('YYYY-MM-DD') } : {}),
  });
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  const c = data.class;
  const stats = data.student_stats;

  return (
    <Flex vertical gap="large">
      <ClassHeader cls={c} current="summary" />
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic
              title={t('classes.summary.primaryTeacher')}
              value={c.primary_teacher ? personName(c.primary_teacher) : t('classes.summary.noTeacher')}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('classes.summary.students')} value={stats.total} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('classes.summary.labGroups')} value={data.lab_groups.total} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('classes.summary.studentsAssigned')} value={data.students_assigned} />
          </Card>
        </Col>
      </Row>
      <section aria-labelledby="class-students-heading">
        <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 12 }}>
          <h2 id="class-students-heading" style={{ margin: 0, fontSize: 20 }}>
            {t('classes.summary.studentStats')}
          </h2>
          <Flex align="center" gap="small" wrap>
            <Typography.Text>
              {t('classes.summary.range', {
                start: dates.numericDay(stats.start_date),
                end: dates.numericDay(stats.end_date),
              })}
            </Typography.Text>
            <DatePicker.RangePicker
              aria-label={t('classes.summary.chooseRange')}
              format={dates.picker.date}
              allowClear
              value={range}
              onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary">
          {t('classes.summary.active', {
            active: stats.active,
            total: stats.total,
            date: dates.numericDay(stats.date),
          })}
        </Typography.Paragraph>
        <div style={{ minWidth: 0, overflowX: 'auto' }}>
          <Table<StudentStats>
            rowKey="id"
            loading={isFetching}
            dataSource={data.students}
            pagination={data.students.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{ emptyText: t('classes.summary.noStudents') }}
            columns={[
              { key: 'name', title: t('classes.summary.columns.student'), render: (_v, s) => personName(s) },
              { key: 'assignments', title: t('classes.summary.columns.assignments'), dataIndex: 'assignments' },
              { key: 'started', title: t('classes.summary.columns.started'), dataIndex: 'attempts_started' },
              { key: 'submitted', title: t('classes.summary.columns.submitted'), dataIndex: 'attempts_submitted' },
              {
                key: 'last',
                title: t('classes.summary.columns.lastActivity'),
                render: (_v, s) =>
                  s.last_activity_at ? (
                    dates.dateTime(s.last_activity_at)
                  ) : (
                    <Typography.Text type="secondary">{t('classes.summary.never')}</Typography.Text>
                  ),
              },
            ]}
          />
        </div>
      </section>
    </Flex>
  );
}
