import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * One figure of a summary. A null value belongs to an area that is not built yet (licences, rostering): it reads
 * "Not set up", never a number.
 */
export function FigureCard({ title, value, extra }: { title: string; value: number | null; extra?: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ height: '100%' }} role="group" aria-label={title}>
      {value === null ? (
        <div>
          <div style={{ color: token.colorTextSecondary, marginBottom: 4 }}>{title}</div>
          <div style={{ fontSize: token.fontSizeLG, lineHeight: '38px', color: token.colorTextSecondary }}>
            {t('summaries.notSetUp')}
          </div>
        </div>
      ) : (
        <Statistic title={title} value={value} />
      )}
      {extra !== undefined && <Typography.Text type="secondary">{extra}</Typography.Text>}
    </Card>
  );
}
