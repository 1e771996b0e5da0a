import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Tag, Typography } from 'antd';

/** A short list of names as tags that wrap inside their cell (long school names included), or a dash. */
export function TagList({ items }: { items: readonly { id: number; label: string }[] }) {
  const t = useT();
  if (items.length === 0) return <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {items.map((x) => (
        <Tag key={x.id} style={{ marginInlineEnd: 0, whiteSpace: 'normal', maxWidth: '100%' }}>
          {x.label}
        </Tag>
      ))}
    </Flex>
  );
}
