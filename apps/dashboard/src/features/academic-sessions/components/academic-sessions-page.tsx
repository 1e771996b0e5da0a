import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, Flex, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  useDeleteAcademicSessionMutation,
  useGetCurrentAcademicSessionQuery,
  useListAcademicSessionTemplatesQuery,
  useListAcademicSessionTypesQuery,
  useListAcademicSessionsQuery,
  useListAccountOptionsQuery,
  useListSchoolYearsQuery,
  useUpdateAcademicSessionMutation,
  useCreateAcademicSessionMutation,
} from '../api';
import type { AcademicSession } from '../academic-sessions.types';
import { createSessionHref, sessionsHref } from '../lib/session-paths';
import { SessionForm } from './session-form';
import { StatusTag } from '../../../components/status-tag';

const PER_PAGE = 20;
const ID = /^\d{1,9}$/;

/**
 * /academic-sessions and /accounts/:accountId/academic-sessions (002 section 7): an account's sessions with their
 * school years and the current one; create, edit and delete. District and school staff see their own account;
 * domain and provider staff choose one, and manage the domain's templates.
 */
export function AcademicSessionsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { accountId: raw } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const navigate = useNavigate();
  if (raw !== undefined && !ID.test(raw)) return <NotFoundPage />;
  const accountId = raw ? Number(raw) : (user?.account_id ?? undefined);
  const domainStaff = user?.account_id === null || user?.account_id === undefined;
  const canCreate = policy ? can(policy, 'academic-session', ['view', 'create']) : false;

  const sessions = accountId ? (
    <SessionsTable accountId={accountId} />
  ) : (
    <Typography.Text type="secondary">{t('academicSessions.chooseAccountHint')}</Typography.Text>
  );

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('academicSessions.title')}</h1>
        <Space wrap>
          {domainStaff && <AccountPicker value={accountId} onChange={(id) => void navigate(sessionsHref(id))} />}
          {canCreate && accountId && (
            <Button type="primary" onClick={() => void navigate(createSessionHref(accountId))}>
              {t('academicSessions.create')}
            </Button>
          )}
        </Space>
      </Flex>
      {domainStaff ? (
        <Tabs
          items={[
            { key: 'sessions', label: t('academicSessions.sessions'), children: sessions },
            { key: 'templates', label: t('academicSessions.templates'), children: <TemplatesTable /> },
          ]}
        />
      ) : (
        sessions
      )}
    </Flex>
  );
}

function AccountPicker({ value, onChange }: { value: number | undefined; onChange: (id: number) => void }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useListAccountOptionsQuery(search);
  return (
    <Select<number>
      showSearch
      filterOption={false}
      loading={isFetching}
      style={{ width: 280 }}
      aria-label={t('academicSessions.account')}
      placeholder={t('academicSessions.chooseAccount')}
      value={value}
      onSearch={(v) => setSearch(v.trim())}
      onChange={onChange}
      options={data.map((a) => ({ value: a.id, label: a.name }))}
    />
  );
}

function useTypeNames() {
  const { data = [] } = useListAcademicSessionTypesQuery(i18n.language);
  return (type: string) => data.find((x) => x.value === type)?.name ?? type;
}

function SessionsTable({ accountId }: { accountId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [schoolYear, setSchoolYear] = useState<number>();
  const { data, isFetching } = useListAcademicSessionsQuery({
    accountId,
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(schoolYear ? { school_year: schoolYear } : {}),
  });
  const { data: years = [] } = useListSchoolYearsQuery(accountId);
  const { data: current } = useGetCurrentAcademicSessionQuery(accountId);

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" role="search" aria-label={t('academicSessions.search')}>
        <Input.Search
          allowClear
          aria-label={t('academicSessions.search')}
          placeholder={t('academicSessions.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<number>
          allowClear
          aria-label={t('academicSessions.schoolYear')}
          placeholder={t('academicSessions.allSchoolYears')}
          style={{ width: 200 }}
          value={schoolYear}
          onChange={(v) => {
            setSchoolYear(v);
            setPage(1);
          }}
          options={years.map((y) => ({ value: y.school_year, label: y.label }))}
        />
      </Flex>
      <SessionRows
        rows={data?.data ?? []}
        loading={isFetching}
        currentId={current?.id}
        emptyText={t('academicSessions.empty')}
        pagination={{ page, total: data?.meta.total ?? 0, onChange: setPage }}
      />
    </Flex>
  );
}

function TemplatesTable() {
  const t = useT();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'academic-session', ['view', 'create']) : false;
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, isFetching } = useListAcademicSessionTemplatesQuery({ page, per_page: PER_PAGE });
  const [create, { isLoading }] = useCreateAcademicSessionMutation();
  return (
    <Flex vertical gap="middle">
      {canCreate && (
        <Flex justify="end">
          <Button onClick={() => setCreating(true)}>{t('academicSessions.create')}</Button>
        </Flex>
      )}
      <SessionRows
        rows={data?.data ?? []}
        loading={isFetching}
        emptyText={t('academicSessions.templatesEmpty')}
        pagination={{ page, total: data?.meta.total ?? 0, onChange: setPage }}
      />
      <Modal
        open={creating}
        title={t('academicSessions.createTitle')}
        footer={null}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <SessionForm
          submitLabel={t('academicSessions.save')}
          busy={isLoading}
          onCancel={() => setCreating(false)}
          onSubmit={async (input) => {
            await create({ ...input, is_template: true }).unwrap();
            void message.success(t('academicSessions.saved'));
            setCreating(false);
          }}
        />
      </Modal>
    </Flex>
  );
}

function SessionRows({
  rows,
  loading,
  currentId,
  emptyText,
  pagination,
}: {
  rows: AcademicSession[];
  loading: boolean;
  currentId?: number | undefined;
  emptyText: string;
  pagination: { page: number; total: number; onChange: (page: number) => void };
}) {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'academic-session', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'academic-session', ['view', 'delete']) : false;
  const typeName = useTypeNames();
  const [editing, setEditing] = useState<AcademicSession | null>(null);
  const [update, { isLoading: saving }] = useUpdateAcademicSessionMutation();
  const [remove] = useDeleteAcademicSessionMutation();

  return (
    <>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<AcademicSession>
          rowKey="id"
          loading={loading}
          dataSource={rows}
          locale={{ emptyText }}
          pagination={{
            current: pagination.page,
            pageSize: PER_PAGE,
            total: pagination.total,
            showSizeChanger: false,
            onChange: pagination.onChange,
          }}
          columns={[
            {
              key: 'title',
              title: t('academicSessions.sessionTitle'),
              render: (_v, s) => (
                <Space size={8} wrap>
                  <span>{s.title}</span>
                  {s.id === currentId && <StatusTag tone="green">{t('academicSessions.current')}</StatusTag>}
                </Space>
              ),
            },
            { key: 'type', title: t('academicSessions.type'), render: (_v, s) => typeName(s.type) },
            { key: 'year', title: t('academicSessions.schoolYear'), dataIndex: 'school_year_label' },
            { key: 'start', title: t('academicSessions.startDate'), render: (_v, s) => dates.numericDay(s.start_date) },
            { key: 'end', title: t('academicSessions.endDate'), render: (_v, s) => dates.numericDay(s.end_date) },
            ...(canUpdate || canDelete
              ? [
                  {
                    key: 'actions',
                    title: t('academicSessions.actions'),
                    render: (_v: unknown, s: AcademicSession) => (
                      <Space size={4} wrap>
                        {canUpdate && (
                          <Button
                            size="small"
                            aria-label={`${t('academicSessions.edit')}: ${s.title}`}
                            onClick={() => setEditing(s)}
                          >
                            {t('academicSessions.edit')}
                          </Button>
                        )}
                        {canDelete && (
                          <Popconfirm
                            title={t('academicSessions.deleteConfirm', { title: s.title })}
                            okText={t('academicSessions.delete')}
                            cancelText={t('academicSessions.cancel')}
                            onConfirm={async () => {
                              try {
                                await remove(s.id).unwrap();
                                void message.success(t('academicSessions.deleted'));
                              } catch {
                                // toasted by the shared handler (a session in use is a 409 with its reason)
                              }
                            }}
                          >
                            <Button size="small" aria-label={`${t('academicSessions.delete')}: ${s.title}`}>
                              {t('academicSessions.delete')}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <Modal
        open={editing !== null}
        title={t('academicSessions.editTitle')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <SessionForm
            session={editing}
            submitLabel={t('academicSessions.save')}
            busy={saving}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              await update({ id: editing.id, ...input }).unwrap();
              void message.success(t('academicSessions.saved'));
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </>
  );
}
