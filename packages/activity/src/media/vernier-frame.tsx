import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIMULATION_MIN_HEIGHT } from '@aula/domain/activity-content';
import { isHttpUrl } from '@aula/domain/media-urls';
import type { RenderContext } from '../types';
import { useFrameMessages } from './frames';
import { isVernierBrowser, labEventOf, vernierEmbedUrl, type LabEvent } from './media-rules';

/**
 * The Vernier lab embed (000 sections 4 and 7): Chrome, Edge and Chromium only; its iframe URL carries the lab
 * parameters; its lab-sensor events show their messages (persistent_host_not_ready: nothing).
 */
export function VernierFrame({
  location,
  title,
  blockId,
  context,
  userAgent = navigator.userAgent,
  onReload = () => window.location.reload(),
}: {
  location: string;
  title: string;
  blockId: string;
  context: RenderContext;
  userAgent?: string;
  onReload?: () => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [event, setEvent] = useState<LabEvent | null>(null);
  useFrameMessages(frame, (data) => {
    const e = labEventOf(data);
    if (e) setEvent(e);
  });
  if (!isVernierBrowser(userAgent))
    return <Alert type="warning" showIcon role="alert" title={t('activityMedia.vernierChromeOnly')} />;
  if (!isHttpUrl(location)) return <Alert type="warning" showIcon title={t('activityMedia.missing')} />;
  const src = vernierEmbedUrl(location, {
    mode: context.mode,
    lab: context.lab,
    blockId,
    pageOrigin: window.location.origin,
  });
  return (
    <div>
      {event?.type === 'need_reload' && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('activityMedia.needReload')}
          action={
            <Button size="small" onClick={onReload}>
              {t('activityMedia.reload')}
            </Button>
          }
        />
      )}
      {event?.type === 'waiting_for_lab_group_host' && (
        <Alert type="info" showIcon role="status" title={t('activityMedia.waitingForHost', { name: event.name })} />
      )}
      <iframe
        ref={frame}
        src={src}
        title={title}
        style={{ width: '100%', minHeight: SIMULATION_MIN_HEIGHT, height: SIMULATION_MIN_HEIGHT, border: 0 }}
        allow="bluetooth; usb; serial; fullscreen"
      />
    </div>
  );
}
