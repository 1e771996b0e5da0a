import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@aula/domain/activity-content';
import type { RenderContext } from '../types';
import { sensorConnected, showsSensorDot } from './media-rules';

// AntD's Tooltip (with its trigger, some 13 KB gzip) loads only for a screen that names sensors
const Tooltip = lazy(() => import('antd/es/tooltip'));

/**
 * 000 section 2: 'Sensors Required:' with the sensor names in a tooltip; a green dot when a device is connected, a
 * red one when none is, shown only in student_work and builder_preview.
 */
export function SensorIndicator({ sensors, context }: { sensors: MediaItem['sensors']; context: RenderContext }) {
  const { t } = useTranslation();
  if (sensors.length === 0) return null;
  const names = sensors.map((s) => s.name).join(', ');
  const dot = showsSensorDot(context.mode);
  const connected = sensorConnected(sensors, context.connectedSensorIds);
  const state = connected ? t('activityMedia.sensorConnected') : t('activityMedia.sensorNotConnected');
  const indicator = (
    <span
      className="aula-sensor-indicator"
      tabIndex={0}
      aria-label={`${t('activityMedia.sensorsRequired')} ${names}${dot ? `. ${state}` : ''}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12, marginBottom: 4 }}
    >
      {t('activityMedia.sensorsRequired')}
      {dot && (
        <span
          data-testid="sensor-dot"
          data-connected={connected}
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            background: connected ? '#52c41a' : '#ff4d4f',
            display: 'inline-block',
          }}
        />
      )}
    </span>
  );
  // until the tooltip's code is there the indicator shows without it (its label names the sensors)
  return (
    <Suspense fallback={indicator}>
      <Tooltip
        title={
          <div>
            <div>{t('activityMedia.sensorsRequired')}</div>
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {sensors.map((s) => (
                <li key={s.id}>{s.name}</li>
              ))}
            </ul>
          </div>
        }
      >
        {indicator}
      </Tooltip>
    </Suspense>
  );
}
