import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useGetPresetActivityQuery } from '../api';
import { PRESET_ACTIVITY_PARAM, idParam } from '../lib/assignment-paths';

/**
 * The activity a new assignment starts with when the flow is opened from the library's Assign (/assign?activity=12):
 * chosen on the activities step, and the assignment's name until the user changes it.
 */
export interface PresetActivity {
  /** Chosen on the activities step: published and not archived. */
  chosen?: { id: number; title: string };
  /** Named in the address but not assignable (a draft, archived, or not one the user may read). */
  refused?: { title: string | null };
}

/** Reads ?activity= of a new assignment; `loading` until the activity is known. */
export function usePresetActivity(enabled: boolean): { loading: boolean; preset: PresetActivity } {
  const [params] = useSearchParams();
  const raw = params.get(PRESET_ACTIVITY_PARAM);
  const id = enabled && raw !== null ? idParam(raw) : null;
  const query = useGetPresetActivityQuery(id ?? 0, { skip: id === null });
  if (!enabled || raw === null) return { loading: false, preset: {} };
  if (id === null || query.isError) return { loading: false, preset: { refused: { title: null } } };
  const activity = query.currentData;
  if (!activity) return { loading: true, preset: {} };
  const { title, status, archived } = activity;
  if (status !== 'published' || archived) return { loading: false, preset: { refused: { title } } };
  return { loading: false, preset: { chosen: { id: activity.id, title } } };
}

/** Under the flow's heading: which activity it started with, or why the one asked for is not chosen. */
export function PresetActivityNotice({ preset }: { preset: PresetActivity }) {
  const t = useT();
  if (preset.chosen)
    return <Typography.Text>{t('dashboard.content.presetChosen', { title: preset.chosen.title })}</Typography.Text>;
  if (!preset.refused) return null;
  const { title } = preset.refused;
  return (
    <Alert
      type="warning"
      showIcon
      title={title ? t('dashboard.content.presetRefused', { title }) : t('dashboard.content.presetMissing')}
    />
  );
}
