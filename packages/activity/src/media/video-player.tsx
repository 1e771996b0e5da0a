import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_CONTROLS, VIDEO_DEFAULT_VOLUME, type MediaItem } from '@aula/domain/activity-content';
import { chooseVideoSource, levelForBandwidth, posterOf, startLevelIndex, type VideoSource } from './media-rules';

// Hosted video (000 sections 2 and 4). Plyr, hls.js and dash.js are loaded with dynamic import() when a video is
// actually shown, so the student player's first load stays small.

type Cleanup = () => void;

async function attachHls(video: HTMLVideoElement, src: string, onFatal: () => void): Promise<Cleanup> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    // Safari plays HLS natively
    video.src = src;
    return () => undefined;
  }
  const hls = new Hls();
  let forced = false;
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    const start = startLevelIndex(hls.levels);
    if (start >= 0) hls.startLevel = start;
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    const level = levelForBandwidth(hls.bandwidthEstimate, hls.levels);
    if (level === null) return;
    if (level >= 0 && !forced) {
      forced = true;
      hls.nextLevel = level;
      hls.autoLevelCapping = level;
    } else if (level === -1 && forced) {
      forced = false;
      hls.autoLevelCapping = -1;
      hls.nextLevel = -1;
    }
  });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return () => hls.destroy();
}

async function attachDash(video: HTMLVideoElement, src: string, onFatal: () => void): Promise<Cleanup> {
  const { MediaPlayer } = await import('dashjs');
  const player = MediaPlayer().create();
  let forced = false;
  const auto = (on: boolean) => player.updateSettings({ streaming: { abr: { autoSwitchBitrate: { video: on } } } });
  player.on('streamInitialized', () => {
    const reps = player.getRepresentationsByType('video');
    const start = startLevelIndex(reps);
    if (start >= 0) player.setRepresentationForTypeByIndex('video', reps[start]!.index);
  });
  player.on('fragmentLoadingCompleted', () => {
    const reps = player.getRepresentationsByType('video');
    // dash.js reports kbit/s
    const level = levelForBandwidth(
      player.getAverageThroughput('video') * 1000,
      reps.map((r) => ({ bitrate: r.bandwidth })),
    );
    if (level === null) return;
    if (level >= 0 && !forced) {
      forced = true;
      auto(false);
      player.setRepresentationForTypeByIndex('video', reps[level]!.index);
    } else if (level === -1 && forced) {
      forced = false;
      auto(true);
    }
  });
  player.on('error', onFatal);
  player.initialize(video, src, false);
  return () => player.destroy();
}

async function attachSource(video: HTMLVideoElement, source: VideoSource, onFatal: () => void): Promise<Cleanup> {
  if (source.kind === 'hls') return attachHls(video, source.src, onFatal);
  if (source.kind === 'dash') return attachDash(video, source.src, onFatal);
  video.src = source.src;
  return () => undefined;
}

export function VideoPlayer({ media }: { media: MediaItem }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const source = chooseVideoSource(media.stored);
  const [failed, setFailed] = useState(!source);
  const src = source?.src;
  const kind = source?.kind;
  useEffect(() => {
    const video = ref.current;
    if (!video || !src || !kind) return;
    let cancelled = false;
    const cleanups: Cleanup[] = [];
    const fail = () => {
      if (!cancelled) setFailed(true);
    };
    video.volume = VIDEO_DEFAULT_VOLUME;
    void (async () => {
      try {
        const detach = await attachSource(video, { kind, src }, fail);
        if (cancelled) return detach();
        cleanups.push(detach);
      } catch (err) {
        console.error('video source failed to load', err);
        return fail();
      }
      try {
        const { Plyr, PLYR_ICON_URL } = await import('./plyr-setup');
        if (cancelled) return;
        const player = new Plyr(video, {
          controls: [...VIDEO_CONTROLS],
          volume: VIDEO_DEFAULT_VOLUME,
          iconUrl: PLYR_ICON_URL,
          // the spec's default volume, not the one a previous video left in local storage
          storage: { enabled: false },
        });
        cleanups.unshift(() => player.destroy());
      } catch (err) {
        // the browser's own controls still play the video
        console.error('video player failed to start', err);
      }
    })();
    return () => {
      cancelled = true;
      for (const c of cleanups) c();
    };
  }, [src, kind]);
  if (failed) return <Alert type="error" showIcon role="alert" title={t('activityMedia.videoFailed')} />;
  return (
    <div className="aula-video">
      <video
        ref={ref}
        poster={posterOf(media.stored)}
        playsInline
        controls
        crossOrigin="anonymous"
        aria-label={media.title}
        style={{ width: '100%' }}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
