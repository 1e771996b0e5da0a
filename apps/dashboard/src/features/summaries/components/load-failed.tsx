import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button } from 'antd';

/** A summary that could not be loaded, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      message={t('summaries.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('summaries.retry')}
        </Button>
      }
    />
  );
}
