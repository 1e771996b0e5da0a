import { useT } from '@aula/web/lib/i18n.ts';
import { PageMessage } from './page-message';

/** 001 section 2: where the guards send a user who lacks the resource or action a page needs. */
export function NoPermissionPage() {
  const t = useT();
  return <PageMessage title={t('dashboard.routes.noPermission')} />;
}
