import { useT } from '@aula/web/lib/i18n.ts';
import { PageMessage } from './page-message';

/** A registered page that a later issue builds: says so honestly and offers the way home. */
export function ComingSoonPage() {
  const t = useT();
  return <PageMessage title={t('dashboard.routes.comingSoonTitle')} text={t('dashboard.routes.comingSoonText')} />;
}
