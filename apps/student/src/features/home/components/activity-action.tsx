import { href } from '@aula/web/config/paths.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { toastError } from '@aula/web/lib/notifier.ts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useStartAttemptMutation } from '../../work/api';
import type { StudentAssignment } from '../api';

/**
 * Open (no attempt yet), Continue (in progress) or Review (submitted): starts or resumes the student's attempt at
 * the activity (POST start) and opens it at /work/:attemptId.
 */
export function ActivityAction({
  assignmentId,
  activity,
}: {
  assignmentId: number;
  activity: StudentAssignment['activities'][number];
}) {
  const t = useT();
  const navigate = useNavigate();
  const [start, { isLoading }] = useStartAttemptMutation();
  const action = t(
    activity.attempt === null
      ? 'studentWork.actions.open'
      : activity.attempt.status === 'submitted'
        ? 'studentWork.actions.review'
        : 'studentWork.actions.continue',
  );
  const open = async () => {
    const result = await start({ assignmentId, activityId: activity.id });
    if (result.data?.attempt) void navigate(href.work(result.data.attempt.id));
    else toastError(errorMessages(result.error, t('studentWork.actions.startFailed'))[0]!);
  };
  return (
    <Button
      type={activity.attempt?.status === 'submitted' ? 'default' : 'primary'}
      loading={isLoading}
      aria-label={t('studentWork.actions.label', { action, title: activity.title })}
      onClick={() => void open()}
    >
      {action}
    </Button>
  );
}
