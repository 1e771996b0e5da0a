import { StatusPage } from '@aula/web/components/status-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';

/** 001 section 2: coming soon, and its LTI variant 'Add Penda content via External Tool'. */
export function ComingSoonPage({ variant }: { variant?: 'lti' }) {
  const t = useT();
  const navigate = useNavigate();
  const lti = variant === 'lti';
  return (
    <StatusPage
      title={t(lti ? 'dashboard.public.comingSoonLtiTitle' : 'dashboard.public.comingSoonTitle')}
      action={
        <Button type="primary" onClick={() => void navigate(href.home())}>
          {t('dashboard.pages.goHome')}
        </Button>
      }
    >
      {t(lti ? 'dashboard.public.comingSoonLtiText' : 'dashboard.public.comingSoonText')}
    </StatusPage>
  );
}

export function ComingSoonLtiPage() {
  return <ComingSoonPage variant="lti" />;
}
