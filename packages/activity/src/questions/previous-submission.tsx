import { Alert, App, Button, Modal, notification, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 000 section 2: the view modal's width and its content's height; the confirmation's width. */
export const VIEW_MODAL_WIDTH = 800;
export const CONFIRM_MODAL_WIDTH = 700;

const usable = (value: string | null | undefined): value is string => typeof value === 'string' && value.length > 0;

/**
 * The essay 'previous submission' banner (000 sections 2, 4, 7 and 8), in an editable essay in student_work. The
 * fetch is asked once when the essay mounts; the banner shows only when a text comes back. View opens a modal and
 * fetches the text (a failure says so and closes it); Load replaces the answer with it, after a confirmation when
 * there is current text. Once the answer equals the loaded text the message says so and both buttons are disabled.
 * The close control hides the banner.
 */
export function PreviousSubmissionBanner({
  questionId,
  text,
  fetchPrevious,
  onLoad,
}: {
  questionId: number;
  /** the answer's current text */
  text: string;
  fetchPrevious: (questionId: number) => Promise<string | null>;
  onLoad: (text: string) => void;
}) {
  const { t } = useTranslation();
  // the App's notifications when the page provides AntD's App, else our own holder
  const { notification: appNotification } = App.useApp();
  const [ownNotification, notificationHolder] = notification.useNotification();
  const notify = typeof appNotification.error === 'function' ? appNotification : ownNotification;

  const [known, setKnown] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);
  const [viewOpen, setViewOpen] = useState(false);
  const [viewText, setViewText] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ preset: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // once per essay: a ref, not an effect's cleanup flag, so a development re-run of the effect does not ask again
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (asked.current === questionId) return;
    asked.current = questionId;
    fetchPrevious(questionId).then(
      (value) => {
        if (mounted.current && usable(value)) setKnown(value);
      },
      () => undefined, // no banner when we cannot tell whether there is a previous submission
    );
  }, [questionId, fetchPrevious]);

  if (!usable(known) || hidden) return null;
  const loaded = text === known;

  const fetchText = async (): Promise<string> => {
    const value = await fetchPrevious(questionId);
    if (!usable(value)) throw new Error('no previous submission');
    return value;
  };

  const view = async () => {
    setViewText(null);
    setViewOpen(true);
    try {
      const value = await fetchText();
      if (!mounted.current) return;
      setKnown(value);
      setViewText(value);
    } catch {
      if (!mounted.current) return;
      setViewOpen(false);
      notify.error({ title: t('activity.work.previous.error'), description: t('activity.work.previous.viewFailed') });
    }
  };

  const load = async (preset: string | null) => {
    setBusy(true);
    try {
      const value = preset ?? (await fetchText());
      if (!mounted.current) return;
      setKnown(value);
      onLoad(value);
    } catch {
      if (!mounted.current) return;
      notify.error({ title: t('activity.work.previous.error'), description: t('activity.work.previous.loadFailed') });
    } finally {
      if (mounted.current) {
        setBusy(false);
        setConfirming(null);
      }
    }
  };

  /** Load: straight away into an empty answer, after the confirmation over current text */
  const askLoad = (preset: string | null) => {
    if (text.trim().length > 0) setConfirming({ preset });
    else void load(preset);
  };

  return (
    <>
      {notificationHolder}
      <Alert
        type="info"
        showIcon
        role="status"
        style={{ marginBottom: 8 }}
        title={loaded ? t('activity.work.previous.loaded') : t('activity.work.previous.message')}
        action={
          <Space>
            <Button size="small" disabled={loaded || busy} onClick={() => void view()}>
              {t('activity.work.previous.view')}
            </Button>
            <Button size="small" type="primary" disabled={loaded || busy} onClick={() => askLoad(null)}>
              {t('activity.work.previous.load')}
            </Button>
          </Space>
        }
        closable={{ 'aria-label': t('activity.work.previous.hide'), onClose: () => setHidden(true) }}
      />
      <Modal
        open={viewOpen}
        title={t('activity.work.previous.viewTitle')}
        width={VIEW_MODAL_WIDTH}
        styles={{ body: { maxHeight: '50vh', overflowY: 'auto' } }}
        onCancel={() => setViewOpen(false)}
        footer={[
          <Button key="close" onClick={() => setViewOpen(false)}>
            {t('activity.work.previous.close')}
          </Button>,
          <Button
            key="load"
            type="primary"
            disabled={viewText === null || loaded}
            onClick={() => {
              setViewOpen(false);
              askLoad(viewText);
            }}
          >
            {t('activity.work.previous.load')}
          </Button>,
        ]}
      >
        {viewText === null ? (
          <div role="status">{t('activity.work.previous.loading')}</div>
        ) : (
          <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{viewText}</div>
        )}
      </Modal>
      <Modal
        open={confirming !== null}
        title={t('activity.work.previous.confirmTitle')}
        width={CONFIRM_MODAL_WIDTH}
        okText={t('activity.work.previous.load')}
        cancelText={t('activity.work.previous.cancel')}
        confirmLoading={busy}
        onOk={() => void load(confirming?.preset ?? null)}
        onCancel={() => setConfirming(null)}
      >
        {t('activity.work.previous.confirmText')}
      </Modal>
    </>
  );
}
