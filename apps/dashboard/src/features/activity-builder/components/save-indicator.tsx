import { useT } from '@aula/web/lib/i18n.ts';
import { Badge, Button, Space } from 'antd';
import type { SaveStatus } from '../hooks/use-autosave';

/**
 * The builder's save state (docs/activities.md, "Saving"): 'Saving…' while an edit waits for or is in its save,
 * 'All changes saved', 'Not saved: the activity needs a title', or 'Changes not saved' with 'Try again' after a
 * failed call. Announced politely to screen readers.
 */
export function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const t = useT();
  return (
    <Space size="small" align="center">
      <span role="status" aria-live="polite">
        {status === 'saved' && <Badge status="success" text={t('dashboard.builder.allSaved')} />}
        {status === 'saving' && <Badge status="processing" text={t('dashboard.builder.saving')} />}
        {status === 'blocked' && <Badge status="warning" text={t('dashboard.builder.needsTitle')} />}
        {status === 'failed' && <Badge status="error" text={t('dashboard.builder.notSaved')} />}
      </span>
      {status === 'failed' && (
        <Button size="small" onClick={onRetry}>
          {t('dashboard.builder.retrySave')}
        </Button>
      )}
    </Space>
  );
}
