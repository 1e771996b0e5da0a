import { readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { ActivityStatus } from '../activity-builder.types';
import { useCreateVersionMutation, usePublishVersionMutation } from '../api';

/** The problems a 409 from publish lists (`{ message, problems: [sentences] }`). */
function problemsOf(error: unknown): string[] {
  const data = (error as { data?: { problems?: unknown } } | undefined)?.data;
  return Array.isArray(data?.problems) ? data.problems.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * Publish on the builder (issue 14, item 3): after a confirm it saves what is pending, makes a version of the
 * screens and publishes it, so teachers can see, preview and assign the activity. When the server finds problems
 * (409: a question without a correct option, an empty block, no screens) it lists them and offers 'Publish anyway'.
 * Versions -> Publish stays for publishing an older version; this is the everyday path.
 */
export function PublishButton({
  activityId,
  status,
  flush,
}: {
  activityId: number;
  status: ActivityStatus;
  flush: () => Promise<boolean>;
}) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [createVersion] = useCreateVersionMutation();
  const [publish] = usePublishVersionMutation();
  const [busy, setBusy] = useState(false);

  const publishVersion = async (versionId: number, force: boolean): Promise<void> => {
    try {
      await publish({ activityId, versionId, force }).unwrap();
      void message.success(t('dashboard.builder.publish.done'));
    } catch (error) {
      const { status: code } = readError(error as never);
      if (force || (code !== 409 && code !== 422)) return;
      const problems = problemsOf(error);
      modal.confirm({
        title: t('dashboard.builder.versions.forceTitle'),
        content: (
          <>
            <Typography.Paragraph>{t('dashboard.builder.versions.forceText')}</Typography.Paragraph>
            {problems.length > 0 && (
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </>
        ),
        okText: t('dashboard.builder.versions.forcePublish'),
        cancelText: t('dashboard.builder.cancel'),
        onOk: () => publishVersion(versionId, true),
      });
    }
  };

  const run = async () => {
    setBusy(true);
    try {
      if (!(await flush())) {
        void message.error(t('dashboard.builder.publish.saveFirst'));
        return;
      }
      const version = await createVersion({ activityId }).unwrap();
      await publishVersion(version.id, false);
    } catch {
      // toasted by the shared handler
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('dashboard.builder.publish.confirmTitle'),
      content: t('dashboard.builder.publish.confirmText'),
      okText: t('dashboard.builder.publish.action'),
      cancelText: t('dashboard.builder.cancel'),
      onOk: () => void run(),
    });

  return (
    <Flex align="center" gap="small" wrap>
      <Typography.Text type="secondary" id="publish-help">
        {t(status === 'published' ? 'dashboard.builder.publish.helpPublished' : 'dashboard.builder.publish.helpDraft')}
      </Typography.Text>
      <Button type="primary" loading={busy} onClick={confirm} aria-describedby="publish-help">
        {t(status === 'published' ? 'dashboard.builder.publish.again' : 'dashboard.builder.publish.action')}
      </Button>
    </Flex>
  );
}
