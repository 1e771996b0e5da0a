import { CopyOutlined, DeleteOutlined, EyeOutlined, LinkOutlined, SplitCellsOutlined } from '@ant-design/icons';
import type { ScreenEditState } from '@aula/domain/activity-screens';
import { useT } from '@aula/web/lib/i18n.ts';
import { Badge, Button, Flex, Popconfirm, Tag, Tooltip, Typography, theme } from 'antd';
import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BuilderScreen } from '../builder.slice';

// The screen list (issue 4, item 10): screens in order, grouped by section; select, duplicate, delete, preview a
// screen; start a new section at a screen or remove a section's boundary (001 section 4's rules, applied by the
// slice through @aula/domain/activity-screens). A dot marks a screen with unsaved changes. A linked screen says where
// it comes from; a source screen names the activities that link it and opens their disconnect choices. Screens of
// another activity come in through 'Clone screens…' and 'Link screens…'.

/**
 * Screens listed with the builder's first paint (and always the selected one); a longer list completes once the
 * page is idle after it (the screen's blocks, then its editors and controls, come first): each entry is five buttons
 * with tooltips and a confirmation, and sixty of them were most of the time to the first screen's paint.
 */
export const FIRST_LISTED = 12;

/** False until the browser is first idle after the mount, then true (a transition: it yields to the user). */
function useOnceIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => startTransition(() => setIdle(true));
    // Safari has no requestIdleCallback
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(done, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(done, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [idle]);
  return idle;
}

/** Long labels wrap inside the narrow screen column instead of running out of their button. */
const WRAP = { whiteSpace: 'normal', height: 'auto' } as const;

/** What an entry asks of the list; stable for the list's lifetime, so an unchanged entry need not render again. */
interface EntryActions {
  onSelect: (id: number) => void;
  onDuplicate: (id: number) => void;
  onRemove: (id: number) => void;
  onPreview: (id: number) => void;
  onAddSection: (id: number) => void;
  onShowLinks: (id: number, n: number) => void;
}

/**
 * One screen of the list. Memoised: selecting a screen or typing in one renders the one or two entries that
 * changed, not sixty entries of five buttons each.
 */
const ScreenEntry = memo(function ScreenEntry({
  screen,
  number,
  selected,
  dirty,
  canSplit,
  busy,
  actions,
}: {
  screen: BuilderScreen;
  number: number;
  selected: boolean;
  dirty: boolean;
  canSplit: boolean;
  busy: boolean;
  actions: EntryActions;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const { onSelect, onDuplicate, onRemove, onPreview, onAddSection, onShowLinks } = actions;
  return (
    <li
      style={{
        padding: '2px 4px',
        borderRadius: token.borderRadius,
        background: selected ? token.controlItemBgActive : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <Button
          type="text"
          aria-current={selected ? 'true' : undefined}
          onClick={() => onSelect(screen.id)}
          style={{ flex: 1, textAlign: 'start', justifyContent: 'flex-start' }}
        >
          <Badge dot={dirty} offset={[6, 0]}>
            {t('dashboard.builder.screens.screenN', { n: number })}
          </Badge>
          {dirty && (
            <span
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
              }}
            >
              {t('dashboard.builder.screens.unsaved')}
            </span>
          )}
        </Button>
        <Tooltip title={t('dashboard.builder.screens.preview')}>
          <Button
            size="small"
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('dashboard.builder.screens.previewN', { n: number })}
            onClick={() => onPreview(screen.id)}
          />
        </Tooltip>
        <Tooltip title={t('dashboard.builder.screens.duplicate')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            disabled={busy}
            aria-label={t('dashboard.builder.screens.duplicateN', { n: number })}
            onClick={() => onDuplicate(screen.id)}
          />
        </Tooltip>
        {canSplit && (
          <Tooltip title={t('dashboard.builder.screens.startSection')}>
            <Button
              size="small"
              type="text"
              icon={<SplitCellsOutlined />}
              aria-label={t('dashboard.builder.screens.startSectionN', { n: number })}
              onClick={() => onAddSection(screen.id)}
            />
          </Tooltip>
        )}
        <Popconfirm
          title={t('dashboard.builder.screens.deleteConfirm', { n: number })}
          okText={t('dashboard.builder.delete')}
          cancelText={t('dashboard.builder.cancel')}
          onConfirm={() => onRemove(screen.id)}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('dashboard.builder.screens.deleteN', { n: number })}
          />
        </Popconfirm>
      </div>
      {(screen.linked || screen.links.length > 0) && (
        <Flex wrap gap={4} style={{ paddingInlineStart: 15, paddingBottom: 4 }}>
          {screen.linked && (
            <Tag icon={<LinkOutlined />} color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
              {t('dashboard.builder.links.linkedFrom', {
                activity_title: screen.origin?.activity_title ?? '',
              })}
            </Tag>
          )}
          {screen.links.length > 0 && (
            <Button
              size="small"
              icon={<LinkOutlined />}
              aria-label={t('dashboard.builder.links.linksOf', { n: number })}
              onClick={() => onShowLinks(screen.id, number)}
              style={{ height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            >
              {t('dashboard.builder.links.linkedInList', {
                titles: [...new Set(screen.links.map((l) => l.activity_title))].join(', '),
              })}
            </Button>
          )}
        </Flex>
      )}
    </li>
  );
});

export function ScreenList({
  screens,
  states,
  selectedId,
  busy,
  onSelect,
  onAdd,
  onDuplicate,
  onRemove,
  onPreview,
  onAddSection,
  onRemoveSection,
  onClone,
  onLink,
  onShowLinks,
}: {
  screens: BuilderScreen[];
  states: ScreenEditState[];
  selectedId: number | null;
  busy: boolean;
  onSelect: (id: number) => void;
  onAdd: () => void;
  onDuplicate: (id: number) => void;
  onRemove: (id: number) => void;
  onPreview: (id: number) => void;
  onAddSection: (id: number) => void;
  onRemoveSection: (section: number) => void;
  onClone: () => void;
  onLink: () => void;
  onShowLinks: (id: number, n: number) => void;
}) {
  const t = useT();
  const stateOf = new Map(states.map((s) => [s.id, s]));
  // the entries' actions call the builder's handlers of the latest render through one stable object
  const latest = useRef({ onSelect, onDuplicate, onRemove, onPreview, onAddSection, onShowLinks });
  useLayoutEffect(() => {
    latest.current = { onSelect, onDuplicate, onRemove, onPreview, onAddSection, onShowLinks };
  });
  const actions = useMemo<EntryActions>(
    () => ({
      onSelect: (id) => latest.current.onSelect(id),
      onDuplicate: (id) => latest.current.onDuplicate(id),
      onRemove: (id) => latest.current.onRemove(id),
      onPreview: (id) => latest.current.onPreview(id),
      onAddSection: (id) => latest.current.onAddSection(id),
      onShowLinks: (id, n) => latest.current.onShowLinks(id, n),
    }),
    [],
  );
  const selectedIndex = screens.findIndex((s) => s.id === selectedId);
  const listed = useOnceIdle() ? screens.length : Math.max(Math.min(screens.length, FIRST_LISTED), selectedIndex + 1);
  const shown = screens.slice(0, listed);
  const sections = [...new Set(shown.map((s) => s.section))];

  return (
    <nav aria-label={t('dashboard.builder.screens.title')}>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {t('dashboard.builder.screens.title')}
      </Typography.Title>
      {sections.map((section) => (
        <div
          key={section}
          role="group"
          aria-label={t('dashboard.builder.screens.sectionN', { n: section })}
          style={{ marginBottom: 12 }}
        >
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary" strong>
              {t('dashboard.builder.screens.sectionN', { n: section })}
            </Typography.Text>
            {section > 1 && (
              <Button size="small" type="link" onClick={() => onRemoveSection(section)}>
                {t('dashboard.builder.screens.removeSection')}
              </Button>
            )}
          </Flex>
          <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((screen, index) => {
              if (screen.section !== section) return null;
              const state = stateOf.get(screen.id);
              return (
                <ScreenEntry
                  key={screen.id}
                  screen={screen}
                  number={index + 1}
                  selected={screen.id === selectedId}
                  dirty={!!state && (state.isChanged || state.isAdded || state.isSectionChanged)}
                  canSplit={index > 0 && screens[index - 1]!.section === screen.section}
                  busy={busy}
                  actions={actions}
                />
              );
            })}
          </ol>
        </div>
      ))}
      {screens.length === 0 && (
        <Typography.Paragraph type="secondary">{t('dashboard.builder.screens.none')}</Typography.Paragraph>
      )}
      <Flex vertical gap="small">
        <Button block onClick={onAdd} disabled={busy}>
          {t('dashboard.builder.screens.add')}
        </Button>
        <Button block onClick={onClone} disabled={busy} style={WRAP}>
          {t('dashboard.builder.links.cloneButton')}
        </Button>
        <Button block onClick={onLink} disabled={busy} style={WRAP}>
          {t('dashboard.builder.links.linkButton')}
        </Button>
      </Flex>
    </nav>
  );
}
