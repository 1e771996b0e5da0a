import { isGroupEmpty } from '@aula/domain/groups';
import { useT } from '@aula/web/lib/i18n.ts';
import { Tag, Tooltip } from 'antd';
import type { GroupRow } from '../groups.types';

// darker text than AntD's preset orange and red tags, for WCAG AA contrast
const FLAG = { marginInlineEnd: 0 };

/** The flags a group carries wherever it is shown: empty (no learners, 002 section 5) and deleted. */
export function GroupTags({ group }: { group: Pick<GroupRow, 'students_count' | 'deleted'> }) {
  const t = useT();
  return (
    <>
      {isGroupEmpty(group) && (
        <Tooltip title={t('groups.emptyHelp')}>
          <Tag style={{ ...FLAG, color: '#873800', background: '#fff7e6', borderColor: '#ffd591' }}>
            {t('groups.emptyTag')}
          </Tag>
        </Tooltip>
      )}
      {group.deleted && (
        <Tag style={{ ...FLAG, color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' }}>
          {t('groups.deletedTag')}
        </Tag>
      )}
    </>
  );
}
