import { useT } from '@aula/web/lib/i18n.ts';
import { StatusTag } from '../../../components/status-tag';

/** Active, Disabled or Deleted, as the lists and the edit page show a user. */
export function UserStatus({ user }: { user: { disabled: boolean; deleted: boolean } }) {
  const t = useT();
  if (user.deleted) return <StatusTag tone="red">{t('staff.deleted')}</StatusTag>;
  if (user.disabled) return <StatusTag tone="red">{t('staff.disabled')}</StatusTag>;
  return <StatusTag tone="green">{t('staff.active')}</StatusTag>;
}
