import { useT } from '@aula/web/lib/i18n.ts';
import { PasswordModal } from '../../../components/password-modal';
import { useSetUserPasswordMutation } from '../api';

/** Reset a staff user's password (PATCH /dashboard/users/:id/password): both fields, the spec's rules. */
export function UserPasswordModal({
  user,
  open,
  onClose,
}: {
  user: { id: number; name: string; email: string | null };
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [setPassword, { isLoading }] = useSetUserPasswordMutation();
  return (
    <PasswordModal
      open={open}
      onClose={onClose}
      username={user.email ?? ''}
      saving={isLoading}
      save={(values) => setPassword({ id: user.id, ...values }).unwrap()}
      texts={{
        title: t('staff.passwordTitle', { name: user.name }),
        intro: t('staff.passwordIntro'),
        submit: t('staff.passwordSubmit'),
        cancel: t('staff.cancel'),
        password: t('staff.password'),
        hint: t('staff.passwordHint'),
        confirm: t('staff.confirmPassword'),
        saved: t('staff.passwordSaved', { name: user.name }),
      }}
    />
  );
}
