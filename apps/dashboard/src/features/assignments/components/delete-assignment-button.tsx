import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Popconfirm } from 'antd';
import { useDeleteAssignmentMutation } from '../api';
import type { Assignment } from '../assignments.types';

/**
 * Delete with a confirmation. The screen shows the call's failure itself (001 section 8), so an attempted
 * assignment answers with the server's own message.
 */
export function DeleteAssignmentButton({
  assignment,
  size,
  onDeleted,
}: {
  assignment: Pick<Assignment, 'id' | 'name'>;
  size?: 'small' | 'middle';
  onDeleted?: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [remove, { isLoading }] = useDeleteAssignmentMutation();
  return (
    <Popconfirm
      title={t('assignments.delete.confirmTitle', { name: assignment.name })}
      description={t('assignments.delete.confirmText')}
      okText={t('assignments.delete.ok')}
      cancelText={t('assignments.delete.cancel')}
      onConfirm={async () => {
        try {
          await remove(assignment.id).unwrap();
          void message.success(t('assignments.delete.done'));
          onDeleted?.();
        } catch (err) {
          for (const text of errorMessages(
            err as Parameters<typeof errorMessages>[0],
            t('dashboard.toasts.unreachable'),
          ))
            void message.error(text);
        }
      }}
    >
      <Button size={size} loading={isLoading} aria-label={t('assignments.list.delete', { name: assignment.name })}>
        {t('assignments.view.delete')}
      </Button>
    </Popconfirm>
  );
}
