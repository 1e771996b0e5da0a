import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, List, Modal, Typography } from 'antd';
import type { ScreenLink } from '../activity-builder.types';
import { useDisconnectScreensMutation } from '../api';
import type { BuilderScreen } from '../builder.slice';

// The links of a source screen and 001 section 4's unlink cases: 'Disconnect all' (the linked screens keep their
// content and stop following), and per linked activity 'Keep a copy there' (its screens from this one become
// independent copies) or 'Delete the linked screens there'. Each asks first; the builder refreshes afterwards.

/** The links grouped by activity: one row per linked activity with how many of its screens follow. */
export function linkedActivities(links: readonly ScreenLink[]): { id: number; title: string; count: number }[] {
  const byId = new Map<number, { id: number; title: string; count: number }>();
  for (const l of links) {
    const row = byId.get(l.activity_id) ?? { id: l.activity_id, title: l.activity_title, count: 0 };
    row.count += 1;
    byId.set(l.activity_id, row);
  }
  return [...byId.values()];
}

export function ScreenLinksModal({
  screen,
  number,
  onClose,
}: {
  screen: BuilderScreen;
  number: number;
  onClose: () => void;
}) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [disconnect, { isLoading }] = useDisconnectScreensMutation();
  const rows = linkedActivities(screen.links);

  const run = (
    confirm: { title: string; content: string; ok: string; danger?: boolean },
    body: { target?: number; delete_targets?: boolean },
  ) => {
    modal.confirm({
      title: confirm.title,
      content: confirm.content,
      okText: confirm.ok,
      okButtonProps: { danger: !!confirm.danger },
      cancelText: t('dashboard.builder.cancel'),
      onOk: async () => {
        try {
          await disconnect({ source: screen.id, ...body }).unwrap();
          void message.success(t('dashboard.builder.links.disconnected'));
        } catch {
          // toasted by the shared handler
        }
      },
    });
  };

  return (
    <Modal
      open
      title={t('dashboard.builder.links.linksOf', { n: number })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button
            danger
            disabled={rows.length === 0}
            loading={isLoading}
            onClick={() =>
              run(
                {
                  title: t('dashboard.builder.links.disconnectAllTitle'),
                  content: t('dashboard.builder.links.disconnectAllText'),
                  ok: t('dashboard.builder.links.disconnectAll'),
                },
                {},
              )
            }
          >
            {t('dashboard.builder.links.disconnectAll')}
          </Button>
          <Button onClick={onClose}>{t('dashboard.builder.links.close')}</Button>
        </Flex>
      }
    >
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('dashboard.builder.links.noLinks')}</Typography.Paragraph>
      ) : (
        <List
          aria-label={t('dashboard.builder.links.linkedIn')}
          dataSource={rows}
          renderItem={(row) => (
            <List.Item
              actions={[
                <Button
                  key="keep"
                  size="small"
                  aria-label={t('dashboard.builder.links.keepOf', { title: row.title })}
                  onClick={() =>
                    run(
                      {
                        title: t('dashboard.builder.links.keepTitle', { title: row.title }),
                        content: t('dashboard.builder.links.keepText'),
                        ok: t('dashboard.builder.links.keep'),
                      },
                      { target: row.id },
                    )
                  }
                >
                  {t('dashboard.builder.links.keep')}
                </Button>,
                <Button
                  key="delete"
                  size="small"
                  danger
                  aria-label={t('dashboard.builder.links.deleteOf', { title: row.title })}
                  onClick={() =>
                    run(
                      {
                        title: t('dashboard.builder.links.deleteTitle', { title: row.title }),
                        content: t('dashboard.builder.links.deleteText'),
                        ok: t('dashboard.builder.links.delete'),
                        danger: true,
                      },
                      { target: row.id, delete_targets: true },
                    )
                  }
                >
                  {t('dashboard.builder.links.delete')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={row.title}
                description={t('dashboard.builder.links.screensCount', { count: row.count })}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
