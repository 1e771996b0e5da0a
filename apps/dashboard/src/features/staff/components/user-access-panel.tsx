import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useDeleteUserMutation, useRestoreUserMutation, useUpdateUserMutation } from '../api';
import type { User } from '../staff.types';
import { UserPasswordModal } from './user-password-modal';

// AntD's red on white falls short of WCAG AA contrast; the same hue, darker.
const DANGER = { color: '#a8071a', borderColor: '#a8071a' } as const;

/**
 * Reset password, disable (PUT disabled), delete (DELETE) and restore (PATCH restore, which brings back a disabled
 * or deleted user), each behind a confirmation.
 */
export function UserAccessPanel({ user, name }: { user: User; name: string }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [update] = useUpdateUserMutation();
  const [remove] = useDeleteUserMutation();
  const [restore] = useRestoreUserMutation();

  const confirm = (
    title: string,
    content: string,
    okText: string,
    danger: boolean,
    run: () => Promise<unknown>,
    done: string,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('staff.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
          void message.success(done);
        } catch (error) {
          void message.error(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
        }
      },
    });

  const inactive = user.deleted || user.disabled;
  return (
    <Flex wrap gap="small">
      {!user.deleted && <Button onClick={() => setPasswordOpen(true)}>{t('staff.resetPassword')}</Button>}
      {!inactive && (
        <Button
          style={DANGER}
          onClick={() =>
            confirm(
              t('staff.disableTitle', { name }),
              t('staff.disableBody'),
              t('staff.disable'),
              true,
              () => update({ id: user.id, disabled: true }).unwrap(),
              t('staff.disabledDone'),
            )
          }
        >
          {t('staff.disable')}
        </Button>
      )}
      {!user.deleted && (
        <Button
          style={DANGER}
          onClick={() =>
            confirm(
              t('staff.deleteTitle', { name }),
              t('staff.deleteBody'),
              t('staff.delete'),
              true,
              () => remove(user.id).unwrap(),
              t('staff.deletedDone'),
            )
          }
        >
          {t('staff.delete')}
        </Button>
      )}
      {inactive && (
        <Button
          type="primary"
          onClick={() =>
            confirm(
              t('staff.restoreTitle', { name }),
              t('staff.restoreBody'),
              t('staff.restore'),
              false,
              () => restore(user.id).unwrap(),
              t('staff.restoredDone'),
            )
          }
        >
          {t('staff.restore')}
        </Button>
      )}
      <UserPasswordModal
        user={{ id: user.id, name, email: user.email }}
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
      />
    </Flex>
  );
}
