import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { assignActivityHref } from '../../assignments/lib/assignment-paths';
import type { Activity } from '../activity-builder.types';

/**
 * 'Assign' from the library (issue 14): opens the assign flow with this activity chosen. Offered to those who may
 * create assignments, for published activities that are not archived (the only ones that can be assigned).
 */
export function AssignActivityAction({
  activity,
  variant = 'link',
}: {
  activity: Pick<Activity, 'id' | 'title' | 'status' | 'archived'>;
  variant?: 'link' | 'button';
}) {
  const t = useT();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  if (!can(policy, 'assignment', ['view', 'create']) || activity.status !== 'published' || activity.archived)
    return null;
  const href = assignActivityHref(activity.id);
  if (variant === 'button') return <Button onClick={() => void navigate(href)}>{t('dashboard.content.assign')}</Button>;
  return (
    <Link to={href} aria-label={t('dashboard.content.assignOf', { title: activity.title })}>
      {t('dashboard.content.assign')}
    </Link>
  );
}
