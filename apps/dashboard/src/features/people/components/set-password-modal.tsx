import { useT } from '@aula/web/lib/i18n.ts';
import { PasswordModal } from '../../../components/password-modal';
import { useSetStudentPasswordMutation } from '../api';

/**
 * Set a student's password (001 section 7, PATCH password). The screen shows the call's failures itself (001
 * section 8 lists 'student set password' among them).
 */
export function SetPasswordModal({
  student,
  open,
  onClose,
}: {
  student: { id: number; full_name: string; username: string | null; email: string | null };
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [setPassword, { isLoading }] = useSetStudentPasswordMutation();
  return (
    <PasswordModal
      open={open}
      onClose={onClose}
      username={student.username ?? student.email ?? ''}
      saving={isLoading}
      save={(values) => setPassword({ id: student.id, ...values }).unwrap()}
      texts={{
        title: t('people.password.title', { name: student.full_name }),
        intro: t('people.password.intro'),
        submit: t('people.password.submit'),
        cancel: t('people.common.cancel'),
        password: t('people.password.password'),
        hint: t('people.password.hint'),
        confirm: t('people.password.confirm'),
        saved: t('people.password.saved', { name: student.full_name }),
      }}
    />
  );
}
