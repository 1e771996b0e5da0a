import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIMULATION_MIN_HEIGHT, TUVA_FOLLOW_UP_MS, TUVA_POLL_MS } from '@aula/domain/activity-content';
import { isHttpUrl } from '@aula/domain/media-urls';
import {
  embedListenMessage,
  isEmbedErrorMessage,
  TUVA_GET_STATE,
  tuvaSetState,
  tuvaStateOf,
  videoEmbedUrl,
} from './media-rules';

const frameStyle = (minHeight: number) =>
  ({ width: '100%', minHeight, height: minHeight, border: 0, display: 'block' }) as const;

/** Messages from one frame only: other frames and the page's own messages are ignored. */
export function useFrameMessages(
  frame: React.RefObject<HTMLIFrameElement | null>,
  onMessage: (data: unknown) => void,
): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (frame.current && e.source === frame.current.contentWindow) handler.current(e.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame]);
}

/** PhET and CODAP simulations and generic iframes: at least 600 px high (000 section 7). */
export function SimulationFrame({
  src,
  title,
  height,
  sandbox,
}: {
  src: string;
  title: string;
  height?: number | undefined;
  sandbox?: boolean;
}) {
  const { t } = useTranslation();
  if (!isHttpUrl(src)) return <Alert type="warning" showIcon title={t('activityMedia.missing')} />;
  return (
    <iframe
      src={src}
      title={title}
      style={frameStyle(Math.max(height ?? SIMULATION_MIN_HEIGHT, SIMULATION_MIN_HEIGHT))}
      allow="fullscreen; clipboard-write"
      allowFullScreen
      {...(sandbox ? { sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups' } : {})}
    />
  );
}

/**
 * YouTube and Vimeo players. A video the provider refuses to play (missing, private, not embeddable: the player's
 * 403/500 page) makes the player post an error event; the frame is then removed and an error state shown.
 */
export function VideoEmbed({
  type,
  location,
  title,
}: {
  type: 'video-yt' | 'video-vimeo';
  location: string;
  title: string;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const src = videoEmbedUrl(type, location, window.location.origin);
  const [failed, setFailed] = useState(!src);
  useFrameMessages(frame, (data) => {
    if (isEmbedErrorMessage(type, data)) setFailed(true);
  });
  if (failed || !src) return <Alert type="error" showIcon role="alert" title={t('activityMedia.videoFailed')} />;
  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        onLoad={() => frame.current?.contentWindow?.postMessage(embedListenMessage(type), new URL(src).origin)}
        onError={() => setFailed(true)}
      />
    </div>
  );
}

/**
 * Tuva (000 section 4): the saved plot state is sent to the embed once it loads, asked back 400 ms later, and then
 * every 1000 ms; each new state is handed to the app (student_work saves it). The first state that comes back
 * means the simulation is ready (onReady: a drawing question on it may be answered).
 */
export function TuvaFrame({
  src,
  title,
  saved,
  onState,
  onReady,
}: {
  src: string;
  title: string;
  saved: unknown;
  onState?: ((state: unknown) => void) | undefined;
  onReady?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const last = useRef<string | undefined>(saved === undefined ? undefined : JSON.stringify(saved));
  const [loaded, setLoaded] = useState(false);
  const origin = isHttpUrl(src) ? new URL(src).origin : null;
  const post = (msg: unknown) => {
    if (origin) frame.current?.contentWindow?.postMessage(msg, origin);
  };
  const ready = useRef(false);
  useFrameMessages(frame, (data) => {
    const found = tuvaStateOf(data);
    if (!found) return;
    if (!ready.current) {
      ready.current = true;
      onReady?.();
    }
    const json = JSON.stringify(found.state);
    if (json === last.current) return;
    last.current = json;
    onState?.(found.state);
  });
  useEffect(() => {
    if (!loaded) return;
    if (saved !== undefined) post(tuvaSetState(saved));
    const followUp = window.setTimeout(() => post(TUVA_GET_STATE), TUVA_FOLLOW_UP_MS);
    const poll = window.setInterval(() => post(TUVA_GET_STATE), TUVA_POLL_MS);
    return () => {
      window.clearTimeout(followUp);
      window.clearInterval(poll);
    };
    // the saved state is sent once per load; later changes come from the embed itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  if (!origin) return <Alert type="warning" showIcon title={t('activityMedia.missing')} />;
  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      style={frameStyle(SIMULATION_MIN_HEIGHT)}
      allow="fullscreen; clipboard-write"
      onLoad={() => setLoaded(true)}
    />
  );
}
