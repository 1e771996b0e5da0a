import { EMAIL_STATES, type EmailState } from '@aula/domain/emails';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, Flex, Input, Select, Table, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useListEmailsQuery } from '../api';
import type { EmailSummary } from '../emails.types';
import { emailHref } from '../lib/email-paths';
import { EmailStateTag } from './email-state-tag';

const PER_PAGE = 20;

/**
 * /emails (001 section 2 menu 'Emails', the technology resource): the emails the platform wrote, newest first, with
 * their delivery state. Where the server shows bodies (outside production, no SMTP server) each subject opens the
 * email; elsewhere the page says why it shows states only.
 */
export function EmailsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmailState | undefined>();
  const { data, isFetching } = useListEmailsQuery(
    { page, per_page: PER_PAGE, ...(search ? { search } : {}), ...(status ? { status } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const bodies = data?.meta.bodies;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('emails.title')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('emails.intro')}</p>
      </div>
      {bodies !== undefined && (
        <Alert type="info" showIcon message={bodies ? t('emails.bodiesShown') : t('emails.bodiesHidden')} />
      )}
      <Flex wrap gap="small" role="search" aria-label={t('emails.search')}>
        <Input.Search
          allowClear
          aria-label={t('emails.search')}
          placeholder={t('emails.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<EmailState | 'all'>
          aria-label={t('emails.state')}
          style={{ width: 240 }}
          value={status ?? 'all'}
          options={[
            { value: 'all', label: t('emails.allStates') },
            ...EMAIL_STATES.map((s) => ({ value: s, label: t(`emails.states.${s}`) })),
          ]}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : v);
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<EmailSummary>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('emails.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'to', title: t('emails.to'), dataIndex: 'to' },
            {
              key: 'subject',
              title: t('emails.subject'),
              render: (_v, e) => (bodies ? <Link to={emailHref(e.id)}>{e.subject}</Link> : e.subject),
            },
            {
              key: 'state',
              title: t('emails.state'),
              render: (_v, e) => (
                <Flex vertical gap={2} align="start">
                  <EmailStateTag state={e.status} />
                  {e.error && <span style={{ color: token.colorTextSecondary }}>{e.error}</span>}
                </Flex>
              ),
            },
            { key: 'created', title: t('emails.created'), render: (_v, e) => when(e.created_at) },
            { key: 'sent', title: t('emails.sent'), render: (_v, e) => when(e.sent_at) },
          ]}
        />
      </div>
    </Flex>
  );
}
