import { ROSTER_DATA_TYPES, type RosterDataType } from '@aula/domain/roster-queue';
import type { MessageKey, MessageParams } from '@aula/web/lib/i18n.ts';

type T = (key: MessageKey, params?: MessageParams) => string;

/** A queue item's source (data type) in the reader's language; an unknown one as it came. */
export function dataTypeLabel(t: T, type: string): string {
  return (ROSTER_DATA_TYPES as readonly string[]).includes(type)
    ? t(`rosterUi.dataTypes.${type as RosterDataType}`)
    : type;
}

/** bulk or delta. */
export function importTypeLabel(t: T, type: string): string {
  return type === 'bulk' || type === 'delta' ? t(`rosterUi.importTypes.${type}`) : type;
}

/** A value of a reviewed change as text: lists joined, empty as the 'empty' word. */
export function valueText(t: T, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('rosterUi.review.none');
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueText(t, v)).join(', ') : t('rosterUi.review.none');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** An update's { field: { old, new } } as rows; anything else (a create's fields) as field -> value. */
export function changeRows(changes: Record<string, unknown>): { field: string; old?: unknown; value: unknown }[] {
  return Object.entries(changes).map(([field, v]) =>
    v !== null && typeof v === 'object' && 'old' in v && 'new' in v
      ? { field, old: (v as { old: unknown }).old, value: (v as { new: unknown }).new }
      : { field, value: v },
  );
}
