import { lexicalToPlainText, walkContent, type ContentRow } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Checkbox, Empty, Flex, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import type { Screen } from '../activity-builder.types';
import { useGetBuilderContentQuery, useListBuilderActivitiesQuery, useScreensIntoMutation } from '../api';

// "Clone screens from another activity" / "Link screens from another activity" (001 section 7, screens clone and
// link): pick an activity from the builder list (searchable), tick some of its screens (named by their first
// heading), and the server creates copies (clone) or followers (link) in this activity.

/** The first heading's text of a screen, to name it in the picker. */
export function firstHeading(content: readonly ContentRow[]): string {
  for (const item of walkContent(content)) {
    if (item.type === 'heading') {
      const text = lexicalToPlainText(item.content.text).trim();
      if (text) return text;
    }
  }
  return '';
}

export function ScreensFromActivityModal({
  mode,
  activityId,
  onClose,
  onDone,
}: {
  mode: 'clone' | 'link';
  activityId: number;
  onClose: () => void;
  onDone: (screens: Screen[]) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [sourceId, setSourceId] = useState<number | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const list = useListBuilderActivitiesQuery({ per_page: 20, ...(search ? { search } : {}) });
  const source = useGetBuilderContentQuery(sourceId ?? 0, { skip: sourceId === null });
  const [screensInto, { isLoading }] = useScreensIntoMutation();
  const options = (list.data?.data ?? [])
    .filter((a) => a.id !== activityId)
    .map((a) => ({ value: a.id, label: a.title }));
  const screens = [...(source.data?.screens ?? [])].sort((a, b) => a.section - b.section || a.position - b.position);

  const submit = async () => {
    if (sourceId === null || picked.length === 0) return;
    // in the source's order, whatever order they were ticked in
    const ids = screens.map((s) => s.screen_id).filter((id) => picked.includes(id));
    try {
      onDone(await screensInto({ mode, activityId, screenIds: ids }).unwrap());
    } catch {
      // toasted by the shared handler; the dialog stays open
    }
  };

  return (
    <Modal
      open
      title={t(mode === 'clone' ? 'dashboard.builder.links.cloneTitle' : 'dashboard.builder.links.linkTitle')}
      okText={t(mode === 'clone' ? 'dashboard.builder.links.clone' : 'dashboard.builder.links.link')}
      cancelText={t('dashboard.builder.cancel')}
      okButtonProps={{ disabled: picked.length === 0, loading: isLoading }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(mode === 'clone' ? 'dashboard.builder.links.cloneHelp' : 'dashboard.builder.links.linkHelp')}
        </Typography.Paragraph>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setSearch }}
          aria-label={t('dashboard.builder.links.activity')}
          placeholder={t('dashboard.builder.links.activity')}
          loading={list.isFetching}
          value={sourceId ?? undefined}
          options={options}
          onChange={(id) => {
            setSourceId(id);
            setPicked([]);
          }}
          notFoundContent={t('dashboard.builder.list.empty')}
        />
        {sourceId !== null &&
          (source.isFetching && !source.data ? (
            <Skeleton active />
          ) : screens.length === 0 ? (
            <Empty description={t('dashboard.builder.screens.none')} />
          ) : (
            <Checkbox.Group
              aria-label={t('dashboard.builder.links.screens')}
              value={picked}
              onChange={(v) => setPicked(v)}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={screens.map((s, i) => {
                const heading = firstHeading(s.content);
                const name = t('dashboard.builder.screens.screenN', { n: i + 1 });
                return { value: s.screen_id, label: heading ? `${name}: ${heading}` : name };
              })}
            />
          ))}
      </Flex>
    </Modal>
  );
}
