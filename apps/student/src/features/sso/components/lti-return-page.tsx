import { StatusPage } from '@aula/web/components/status-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { parseLtiReturn } from '@aula/web/features/sso/sso-params.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * 000 section 2: the LTI return page reads type (LtiResourceLinkRequest unless it says LtiDeepLinkingRequest),
 * resource_id and resource_type. Assignments open in the student app with a later issue; until then the page says
 * where the activity will appear rather than pretending to open it.
 */
export function LtiReturnPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lti = parseLtiReturn(params);
  const home = (
    <Button type="primary" onClick={() => void navigate(href.home())}>
      {t('student.sso.myAssignments')}
    </Button>
  );

  if (lti.type === 'LtiDeepLinkingRequest') {
    return (
      <StatusPage title={t('student.sso.ltiTitle')} action={home}>
        {t('student.sso.ltiDeepLinkingText')}
      </StatusPage>
    );
  }
  if (lti.resourceId === null || lti.resourceType === null) {
    return (
      <StatusPage title={t('student.sso.ltiInvalidTitle')} action={home}>
        <span role="alert">{t('student.sso.ltiInvalidText')}</span>
      </StatusPage>
    );
  }
  return (
    <StatusPage title={t('student.sso.ltiTitle')} action={home}>
      {t('student.sso.ltiResourceText')}
    </StatusPage>
  );
}
