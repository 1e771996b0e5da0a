import { isGroupEmpty } from '@aula/domain/groups';
import { useT } from '@aula/web/lib/i18n.ts';
import { Tag, Tooltip } from 'antd';
import type { GroupRow } from '../groups.types';

/** The flags a group carries wherever it is shown: empty (no learners, 002 section 5) and deleted. */
export function GroupTags({ group }: { group: Pick<GroupRow, 'students_count' | 'deleted'> }) {
  const t = useT();
  return (
    <>
      {isGroupEmpty(group) && (
        <Tooltip title={t('groups.emptyHelp')}>
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('groups.emptyTag')}
          </Tag>
        </Tooltip>
      )}
      {group.deleted && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t('groups.deletedTag')}
        </Tag>
      )}
    </>
  );
}
