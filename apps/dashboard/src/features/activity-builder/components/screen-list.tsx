import { CopyOutlined, DeleteOutlined, EyeOutlined, SplitCellsOutlined } from '@ant-design/icons';
import type { ScreenEditState } from '@aula/domain/activity-screens';
import { useT } from '@aula/web/lib/i18n.ts';
import { Badge, Button, Flex, Popconfirm, Tooltip, Typography, theme } from 'antd';
import type { BuilderScreen } from '../builder.slice';

// The screen list (issue 4, item 10): screens in order, grouped by section; select, duplicate, delete, preview a
// screen; start a new section at a screen or remove a section's boundary (001 section 4's rules, applied by the
// slice through @aula/domain/activity-screens). A dot marks a screen with unsaved changes.

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
}) {
  const t = useT();
  const { token } = theme.useToken();
  const stateOf = new Map(states.map((s) => [s.id, s]));
  const sections = [...new Set(screens.map((s) => s.section))];

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
            {screens.map((screen, index) => {
              if (screen.section !== section) return null;
              const state = stateOf.get(screen.id);
              const dirty = !!state && (state.isChanged || state.isAdded || state.isSectionChanged);
              const selected = screen.id === selectedId;
              const number = index + 1;
              const canSplit = index > 0 && screens[index - 1]!.section === screen.section;
              return (
                <li
                  key={screen.id}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 4,
                    padding: '2px 4px',
                    borderRadius: token.borderRadius,
                    background: selected ? token.controlItemBgActive : undefined,
                  }}
                >
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
                        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
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
                </li>
              );
            })}
          </ol>
        </div>
      ))}
      {screens.length === 0 && (
        <Typography.Paragraph type="secondary">{t('dashboard.builder.screens.none')}</Typography.Paragraph>
      )}
      <Button block onClick={onAdd} disabled={busy}>
        {t('dashboard.builder.screens.add')}
      </Button>
    </nav>
  );
}
