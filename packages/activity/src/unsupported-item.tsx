import { useTranslation } from 'react-i18next';

/** 000 section 2: an item type the renderer does not know. */
export function UnsupportedItem({ type }: { type: string }) {
  const { t } = useTranslation();
  return <div role="note">{t('activity.unsupported', { type })}</div>;
}
