import { publishToggleRefusal } from '@aula/domain/pas-plans';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Switch, Tooltip } from 'antd';
import { useTogglePublishMutation, type PlanRow } from '../api';

/**
 * The publish toggle (002 section 4): it shows the plan's is_published as the server last said it, and flips only
 * when the toggle call answers is_success; a refusal (a draft, a plan assigned to no class) is told as a warning.
 */
export function PublishSwitch({ plan, disabled }: { plan: PlanRow; disabled?: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [toggle, { isLoading }] = useTogglePublishMutation();
  const refusal = publishToggleRefusal(plan);
  const hint =
    refusal === 'draft'
      ? t('pasPlans.publish.draftHint')
      : refusal === 'notAssigned'
        ? t('pasPlans.publish.assignHint')
        : undefined;
  const onChange = async () => {
    try {
      const r = await toggle(plan.id).unwrap();
      if (r.is_success)
        void message.success(t(r.is_published ? 'pasPlans.publish.published' : 'pasPlans.publish.unpublished'));
      else if (r.message) void message.warning(r.message);
    } catch {
      // toasted by the shared handler
    }
  };
  const control = (
    <Switch
      checked={plan.is_published === 1}
      loading={isLoading}
      disabled={disabled || plan.is_template === 1}
      aria-label={t('pasPlans.publish.label', { name: plan.name })}
      onChange={() => void onChange()}
    />
  );
  return hint ? <Tooltip title={hint}>{control}</Tooltip> : control;
}
