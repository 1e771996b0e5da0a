import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { PREVIEW_DEVICES, type Answers, type AnswerValue, type PreviewDevice, type RenderContext } from './types';
import { ScreenView, type ScreenData } from './screen-view';

/** The frame width of each preview device (a common phone, a tablet in portrait, a laptop). */
export const DEVICE_FRAME_WIDTH: Record<PreviewDevice, number> = { phone: 375, tablet: 768, desktop: 1280 };

export interface PreviewScreen extends ScreenData {
  screen_id?: number | undefined;
  section?: number | undefined;
}

/**
 * Screen list entries rendered with the first screen; the rest of a long list follows right after that screen's
 * paint, as a transition (an activity of 60 screens would otherwise make 60 buttons part of the first paint).
 */
export const FIRST_LISTED = 12;

const EMPTY_MEDIA = new Map();
const EMPTY_QUESTIONS = new Map();

/**
 * builder_preview: the activity's screens inside a phone, tablet or desktop frame, with a screen list and previous
 * and next buttons. Answers typed in the preview stay in the preview.
 */
export function ActivityPreview({
  screens,
  initialDevice = 'desktop',
  initialIndex = 0,
  device: controlledDevice,
  onDeviceChange,
}: {
  screens: PreviewScreen[];
  initialDevice?: PreviewDevice;
  initialIndex?: number;
  device?: PreviewDevice | undefined;
  onDeviceChange?: ((device: PreviewDevice) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [ownDevice, setOwnDevice] = useState<PreviewDevice>(initialDevice);
  const device = controlledDevice ?? ownDevice;
  const [index, setIndex] = useState(Math.min(Math.max(0, initialIndex), Math.max(0, screens.length - 1)));
  const [answers, setAnswers] = useState<Answers>({});
  const current = screens[Math.min(index, screens.length - 1)];
  const context = useMemo<RenderContext>(
    () => ({
      mode: 'builder_preview',
      device,
      media: EMPTY_MEDIA,
      questions: EMPTY_QUESTIONS,
      screenSection: current?.section,
    }),
    [device, current?.section],
  );
  const setDevice = (d: PreviewDevice) => {
    setOwnDevice(d);
    onDeviceChange?.(d);
  };
  const onAnswer = (id: number, value: AnswerValue) => setAnswers((a) => ({ ...a, [id]: value }));
  const total = screens.length;
  const listed = Math.max(useDeferredValue(total, Math.min(total, FIRST_LISTED)), index + 1);
  const deviceName = t(`activity.preview.${device}`);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
        <Segmented<PreviewDevice>
          aria-label={t('activity.preview.device')}
          value={device}
          onChange={setDevice}
          options={PREVIEW_DEVICES.map((d) => ({ value: d, label: t(`activity.preview.${d}`) }))}
        />
        <Button aria-label={t('activity.preview.previous')} disabled={index <= 0} onClick={() => setIndex(index - 1)}>
          ‹
        </Button>
        <span aria-live="polite">{total ? t('activity.preview.counter', { n: index + 1, total }) : null}</span>
        <Button
          aria-label={t('activity.preview.next')}
          disabled={index >= total - 1}
          onClick={() => setIndex(index + 1)}
        >
          ›
        </Button>
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <nav aria-label={t('activity.preview.screens')} style={{ flex: '0 0 auto' }}>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
            {screens.slice(0, listed).map((s, i) => (
              <li key={s.screen_id ?? i}>
                <Button
                  type={i === index ? 'primary' : 'default'}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => setIndex(i)}
                >
                  {t('activity.preview.screen', { n: i + 1 })}
                </Button>
              </li>
            ))}
          </ol>
        </nav>
        <div
          role="region"
          aria-label={t('activity.preview.frame', { device: deviceName })}
          data-device={device}
          style={{
            width: DEVICE_FRAME_WIDTH[device],
            maxWidth: '100%',
            minHeight: 480,
            padding: device === 'desktop' ? 24 : 16,
            border: '12px solid #262626',
            borderRadius: device === 'desktop' ? 8 : 28,
            background: '#fff',
            overflow: 'auto',
            boxSizing: 'border-box',
          }}
        >
          {current ? (
            <ScreenView
              key={current.screen_id ?? index}
              screen={current}
              context={context}
              answers={answers}
              onAnswer={onAnswer}
            />
          ) : (
            <p>{t('activity.preview.empty')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
