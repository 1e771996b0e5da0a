import { CHANGE_PASSWORD_ACTION } from '@aula/domain/auth';
import { useAppSelector } from '../../../app/hooks';
import { selectActions } from '../auth.slice';
import { ChangePasswordModal } from './change-password-modal';

/**
 * 001 sections 2 and 6: while /my lists the change-password action (the password still equals the email) the
 * modal stays up; once the password is changed /my is reloaded without the action and the modal goes away.
 */
export function ChangePasswordPrompt() {
  const actions = useAppSelector(selectActions);
  if (!actions.includes(CHANGE_PASSWORD_ACTION)) return null;
  return <ChangePasswordModal />;
}
