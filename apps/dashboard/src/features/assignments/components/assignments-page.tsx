import { ASSIGNMENT_PHASES, type AssignmentPhase } from '@aula/domain/assignments';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex, Input, Select, Space, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useListAssignmentsQuery } from '../api';
import type { Assignment } from '../assignments.types';
import {
  assignHref,
  assignmentSetsHref,
  assignmentViewHref,
  editAssignmentHref,
  scopeFromParams,
  type ScopeRef,
} from '../lib/assignment-paths';
import { DeleteAssignmentButton } from './delete-assignment-button';
import { PhaseTag } from './phase-tag';

const PER_PAGE = 20;
const SHOWN = 3;

/** /assignments and the lists under an account, school, class, student, group, teacher or admin (001 section 2). */
export function AssignmentsPage() {
  const scope = scopeFromParams(useParams());
  return <AssignmentsList key={scope ? `${scope.scope}/${scope.id}` : 'all'} scope={scope} />;
}

/** A few names as tags, then '+n more'. */
export function NameTags({ names }: { names: readonly string[] }) {
  const t = useT();
  return (
    <Flex wrap gap={4}>
      {names.slice(0, SHOWN).map((n, i) => (
        <Tag key={`${n}-${i}`} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
      {names.length > SHOWN && (
        <Typography.Text type="secondary">
          {t('assignments.list.more', { count: names.length - SHOWN })}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function AssignmentsTable({
  rows,
  loading,
  scope,
  pagination,
}: {
  rows: readonly Assignment[];
  loading: boolean;
  scope: ScopeRef | null;
  pagination: false | { current: number; total: number; onChange: (page: number) => void };
}) {
  const t = useT();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'assignment', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'assignment', ['view', 'delete']) : false;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('assignments.view.noDue'));
  return (
    <Table<Assignment>
      rowKey="id"
      loading={loading}
      dataSource={[...rows]}
      pagination={
        pagination && {
          current: pagination.current,
          pageSize: PER_PAGE,
          total: pagination.total,
          showSizeChanger: false,
          onChange: pagination.onChange,
        }
      }
      locale={{ emptyText: t('assignments.list.empty') }}
      columns={[
        {
          key: 'name',
          title: t('assignments.list.columns.name'),
          render: (_v, a) => <Link to={assignmentViewHref(a.id, scope)}>{a.name}</Link>,
        },
        {
          key: 'members',
          title: t('assignments.list.columns.assignedTo'),
          render: (_v, a) => <NameTags names={a.members.map((m) => m.name)} />,
        },
        {
          key: 'activities',
          title: t('assignments.list.columns.activities'),
          render: (_v, a) => <NameTags names={a.activities.map((x) => x.title)} />,
        },
        { key: 'start', title: t('assignments.list.columns.start'), render: (_v, a) => when(a.start_at) },
        { key: 'due', title: t('assignments.list.columns.due'), render: (_v, a) => when(a.due_at) },
        {
          key: 'status',
          title: t('assignments.list.columns.status'),
          render: (_v, a) => (
            <Flex wrap gap={4}>
              <PhaseTag phase={a.phase} />
              {a.attempted && <Tag style={{ marginInlineEnd: 0 }}>{t('assignments.list.attempted')}</Tag>}
            </Flex>
          ),
        },
        {
          key: 'actions',
          title: t('assignments.list.columns.actions'),
          render: (_v, a) => (
            <Space wrap size={4}>
              {canUpdate && (
                <Link to={editAssignmentHref(a.id, scope)} aria-label={t('assignments.list.edit', { name: a.name })}>
                  {t('assignments.view.edit')}
                </Link>
              )}
              {canDelete && <DeleteAssignmentButton assignment={a} size="small" />}
            </Space>
          ),
        },
      ]}
    />
  );
}

function AssignmentsList({ scope }: { scope: ScopeRef | null }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'assignment', ['view', 'create']) : false;
  const canSeeSets = policy ? can(policy, 'assignment-set', 'view') : false;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<string | undefined>();
  const [phase, setPhase] = useState<AssignmentPhase | undefined>();
  const { data, isFetching } = useListAssignmentsQuery({
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(phase ? { phase } : {}),
    ...(scope ? { of: scope } : {}),
  });

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {scope ? t(`assignments.list.scope.${scope.scope}`) : t('assignments.list.title')}
        </h1>
        <Space wrap>
          {canSeeSets && <Link to={assignmentSetsHref()}>{t('assignments.list.sets')}</Link>}
          {canCreate && (
            <Button type="primary" onClick={() => void navigate(assignHref(scope))}>
              {t('assignments.list.newAssignment')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('assignments.list.search')}>
        <Input.Search
          allowClear
          aria-label={t('assignments.list.search')}
          placeholder={t('assignments.list.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim() || undefined);
            setPage(1);
          }}
        />
        <Select<AssignmentPhase>
          allowClear
          aria-label={t('assignments.list.phaseFilter')}
          placeholder={t('assignments.list.allPhases')}
          style={{ width: 180 }}
          value={phase}
          onChange={(v) => {
            setPhase(v);
            setPage(1);
          }}
          options={ASSIGNMENT_PHASES.map((p) => ({ value: p, label: t(`assignments.phase.${p}`) }))}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <AssignmentsTable
          rows={data?.data ?? []}
          loading={isFetching}
          scope={scope}
          pagination={{ current: page, total: data?.meta.total ?? 0, onChange: setPage }}
        />
      </div>
    </Flex>
  );
}
