import { ACTIONS } from '@aula/domain/permissions';
import { useT } from '@aula/web/lib/i18n.ts';
import { Table, Typography, theme } from 'antd';
import { grantsOf } from '../lib/permission-grants';

/** The resource-by-action grid (view, create, update, delete) the chosen permissions grant a holder of the role. */
export function GrantsSummary({ selected, multiDomain }: { selected: readonly string[]; multiDomain: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  const rows = grantsOf(selected, multiDomain);
  return (
    <section aria-labelledby="role-grants-summary">
      <h2 id="role-grants-summary" style={{ fontSize: token.fontSizeHeading4, margin: '0 0 4px' }}>
        {t('roles.summary')}
      </h2>
      <Typography.Paragraph type="secondary">{t('roles.summaryHint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="resource"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('roles.summaryEmpty') }}
        columns={[
          { key: 'resource', title: t('roles.resource'), render: (_v, r) => t(`roles.resources.${r.resource}`) },
          ...ACTIONS.map((action) => ({
            key: action,
            title: t(`roles.actionNames.${action}`),
            align: 'center' as const,
            render: (_v: unknown, r: (typeof rows)[number]) =>
              r.actions.includes(action) ? (
                <span aria-label={t('roles.yes')} style={{ color: token.colorSuccessText }}>
                  ✓
                </span>
              ) : (
                <span aria-label={t('roles.no')} style={{ color: token.colorTextTertiary }}>
                  —
                </span>
              ),
          })),
        ]}
      />
    </section>
  );
}
