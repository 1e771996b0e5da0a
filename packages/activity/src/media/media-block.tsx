import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageSizeForSpan, MEDIA_TYPE_OF_ITEM, type MediaItem } from '@aula/domain/activity-content';
import type { MediaBlockProps } from '../types';
import { SimulationFrame, TuvaFrame, VideoEmbed } from './frames';
import { PdfViewer } from './pdf-viewer';
import { SensorIndicator } from './sensor-indicator';
import { useTuvaSignals } from './tuva-signals';
import { VernierFrame } from './vernier-frame';
import { VideoPlayer } from './video-player';

function Body({ item, media, span, context }: MediaBlockProps & { media: MediaItem }) {
  const { t } = useTranslation();
  const tuva = useTuvaSignals();
  const missing = <Alert type="warning" showIcon title={t('activityMedia.missing')} />;
  const location = media.location ?? '';
  switch (media.type) {
    case 'image': {
      const src = media.images?.[imageSizeForSpan(span)] ?? media.location;
      if (!src) return missing;
      return <img src={src} alt={media.title} loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} />;
    }
    case 'video':
      return <VideoPlayer media={media} />;
    case 'video-yt':
    case 'video-vimeo':
      return <VideoEmbed type={media.type} location={location} title={media.title} />;
    case 'phet':
    case 'codap':
      return <SimulationFrame src={location} title={media.title} />;
    case 'tuva':
      return (
        <TuvaFrame
          src={location}
          title={media.title}
          saved={context.mediaState?.get(item.id)}
          // only student_work saves widget state (000 section 3: screen state entries)
          onState={
            context.mode === 'student_work' && context.onMediaState
              ? (state) => context.onMediaState?.(item.id, state)
              : undefined
          }
          onReady={tuva ? () => tuva.report(media.id) : undefined}
        />
      );
    case 'vernier':
      return <VernierFrame location={location} title={media.title} blockId={item.id} context={context} />;
    case 'iframe':
      return <SimulationFrame src={location} title={media.title} height={item.content.height} sandbox />;
    case 'pdf':
      return location ? <PdfViewer url={location} /> : missing;
  }
}

/**
 * One media item on a screen (000 section 2): image sized by its column span, hosted video, YouTube and Vimeo
 * players, PhET, Tuva and CODAP simulations, the Vernier lab with its sensor indicator, a generic iframe or a PDF.
 * Media the viewer may not see shows the access message; an item whose media is not on the screen says so.
 */
export function MediaBlock(props: MediaBlockProps) {
  const { t } = useTranslation();
  const { item, media, context } = props;
  const kind = MEDIA_TYPE_OF_ITEM[item.type as keyof typeof MEDIA_TYPE_OF_ITEM];
  let body;
  if (!media && item.type === 'generic-iframe' && item.content.url) {
    // a generic iframe may carry its URL in the item itself
    body = <SimulationFrame src={item.content.url} title={item.content.url} height={item.content.height} sandbox />;
  } else if (!media) {
    body = <Alert type="warning" showIcon title={t('activityMedia.missing')} />;
  } else if (!media.access) {
    body = <Alert type="info" showIcon role="status" title={t('activityMedia.noAccess')} />;
  } else {
    body = (
      <>
        {media.sensors.length > 0 && <SensorIndicator sensors={media.sensors} context={context} />}
        <Body {...props} media={media} />
      </>
    );
  }
  return (
    <div className="aula-media" data-media-type={media?.type ?? kind ?? item.type}>
      {body}
    </div>
  );
}
