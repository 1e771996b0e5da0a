import type { RosterRowError } from '@aula/domain/rostering';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Descriptions, Flex, Table, Tag, theme } from 'antd';
import { ROSTER_COUNT_KEYS, type RosterValidationReport } from './rostering.types';

const PER_PAGE = 20;

/** The report of one archive: version and mode, the files read, what would be imported, and every problem. */
export function ValidationReport({
  report,
  downloading,
  onDownload,
  onReset,
}: {
  report: RosterValidationReport;
  downloading: boolean;
  onDownload: () => void;
  onReset: () => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const errors = report.errors.filter((e) => e.severity === 'error').length;
  const warnings = report.errors.length - errors;
  const heading = { fontSize: token.fontSizeHeading4, margin: 0 };

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'version', label: t('rosterValidation.version'), children: report.version },
            { key: 'mode', label: t('rosterValidation.mode'), children: t(`rosterValidation.modes.${report.mode}`) },
          ]}
        />
        <Flex gap="small">
          <Button onClick={onReset}>{t('rosterValidation.another')}</Button>
          <Button type="primary" loading={downloading} onClick={onDownload}>
            {t('rosterValidation.download')}
          </Button>
        </Flex>
      </Flex>

      <Flex wrap gap="large">
        <section aria-labelledby="roster-files" style={{ flex: '1 1 280px' }}>
          <h2 id="roster-files" style={heading}>
            {t('rosterValidation.files')}
          </h2>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={report.files}
            columns={[
              { key: 'name', title: t('rosterValidation.file'), dataIndex: 'name' },
              { key: 'rows', title: t('rosterValidation.rows'), dataIndex: 'rows', align: 'right' },
            ]}
          />
        </section>
        <section aria-labelledby="roster-counts" style={{ flex: '1 1 280px' }}>
          <h2 id="roster-counts" style={heading}>
            {t('rosterValidation.counts')}
          </h2>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={ROSTER_COUNT_KEYS.map((k) => ({
              key: k,
              label: t(`rosterValidation.entities.${k}`),
              children: report.counts[k],
            }))}
          />
        </section>
      </Flex>

      <section aria-labelledby="roster-problems">
        <h2 id="roster-problems" style={heading}>
          {t('rosterValidation.problems')}
        </h2>
        {report.errors.length === 0 ? (
          <Alert type="success" showIcon title={t('rosterValidation.noProblems')} />
        ) : (
          <>
            <p>{t('rosterValidation.summary', { errors, warnings })}</p>
            <Table<RosterRowError & { key: number }>
              size="small"
              dataSource={report.errors.map((e, key) => ({ ...e, key }))}
              pagination={{ pageSize: PER_PAGE, showSizeChanger: false, hideOnSinglePage: true }}
              columns={[
                { key: 'file', title: t('rosterValidation.file'), dataIndex: 'file' },
                {
                  key: 'row',
                  title: t('rosterValidation.row'),
                  render: (_v, e) => e.row ?? t('rosterValidation.wholeFile'),
                },
                { key: 'column', title: t('rosterValidation.column'), render: (_v, e) => e.column ?? '—' },
                {
                  key: 'severity',
                  title: t('rosterValidation.severity'),
                  render: (_v, e) => (
                    <Tag color={e.severity === 'error' ? 'red' : 'gold'}>
                      {t(`rosterValidation.severities.${e.severity}`)}
                    </Tag>
                  ),
                },
                { key: 'message', title: t('rosterValidation.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </section>
    </Flex>
  );
}
