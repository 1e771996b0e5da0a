import { StatusPage } from '@aula/web/components/status-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { parseLtiReturn } from '@aula/web/features/sso/sso-params.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useStartAttemptMutation } from '../../work/api';

/**
 * 000 section 2: the LTI return page reads type (LtiResourceLinkRequest unless it says LtiDeepLinkingRequest),
 * resource_id and resource_type. A launch (issue 18, docs/lti.md) lands here signed in with resource_type
 * 'assignment' and the activity: the page starts (or resumes) the student's attempt and opens it in the player;
 * with resource_type 'assignment_set' (a set link with nothing open left to do) it opens the student's list.
 */
export function LtiReturnPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lti = parseLtiReturn(params);
  const activity = Number(params.get('activity_id'));
  const activityId = Number.isInteger(activity) && activity > 0 ? activity : null;
  // a set link whose work is all done (or not open yet) lands on the student's list, where the set's assignments show
  const isSet = lti.resourceType === 'assignment_set';
  const opens =
    lti.type === 'LtiResourceLinkRequest' && (lti.resourceType === 'assignment' || isSet) && lti.resourceId !== null;
  const [start, { isError, error }] = useStartAttemptMutation();
  const started = useRef(false);

  useEffect(() => {
    if (!opens || started.current) return;
    started.current = true;
    // an assignment without one named activity: the student's list shows it
    if (activityId === null || isSet) {
      void navigate(href.home(), { replace: true });
      return;
    }
    void start({ assignmentId: lti.resourceId!, activityId })
      .unwrap()
      .then((result) =>
        result.attempt ? navigate(href.work(result.attempt.id), { replace: true }) : navigate(href.home()),
      )
      .catch(() => undefined);
  }, [activityId, isSet, lti.resourceId, navigate, opens, start]);

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
  if (!opens) {
    return (
      <StatusPage title={t('student.sso.ltiInvalidTitle')} action={home}>
        <span role="alert">{t('student.sso.ltiInvalidText')}</span>
      </StatusPage>
    );
  }
  if (isError) {
    return (
      <StatusPage title={t('student.sso.ltiTitle')} action={home}>
        <span role="alert">{errorMessages(error, t('studentWork.actions.startFailed')).join(' ')}</span>
      </StatusPage>
    );
  }
  return <StatusPage title={t('student.sso.ltiTitle')} action={<Spin />} />;
}
