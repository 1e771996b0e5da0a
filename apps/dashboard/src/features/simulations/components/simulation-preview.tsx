import { SimulationFrame } from '@aula/activity/media/frames.tsx';
import { isVernierBrowser } from '@aula/activity/media/media-rules.ts';
import type { SimulationDto } from '@aula/domain/simulations';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { Link } from 'react-router';

/**
 * A simulation opened from the list: its embed in an iframe at least 600px high (000 section 7) titled for screen
 * readers, the sensors a lab needs, and links to the activities that show it. Vernier labs run only in Chrome, Edge
 * and Chromium (000 section 4), as in the player.
 */
export function SimulationPreview({
  simulation,
  onClose,
  userAgent = navigator.userAgent,
}: {
  simulation: SimulationDto | null;
  onClose: () => void;
  userAgent?: string;
}) {
  const t = useT();
  const s = simulation;
  const provider = s ? t(`simulations.providers.${s.provider}`) : '';
  return (
    <Modal
      open={!!s}
      onCancel={onClose}
      title={s ? t('simulations.previewOf', { title: s.title }) : ''}
      width="min(1200px, 94vw)"
      footer={<Button onClick={onClose}>{t('simulations.close')}</Button>}
      destroyOnHidden
    >
      {s && (
        <Flex vertical gap="middle" data-testid="simulation-preview">
          {s.sensors.length > 0 && (
            <Typography.Text type="secondary">
              {t('simulations.sensors', { names: s.sensors.map((x) => x.name).join(', ') })}
            </Typography.Text>
          )}
          {!s.url ? (
            <Alert type="warning" showIcon title={t('simulations.noAddress')} />
          ) : s.provider === 'vernier' && !isVernierBrowser(userAgent) ? (
            <Alert type="warning" showIcon role="alert" title={t('activityMedia.vernierChromeOnly')} />
          ) : (
            <SimulationFrame src={s.url} title={t('simulations.frameTitle', { provider, title: s.title })} />
          )}
          {s.activities.length > 0 && (
            <Flex wrap gap="small" align="center">
              <Typography.Text strong>{t('simulations.usedIn')}:</Typography.Text>
              {s.activities.map((a) => (
                <Link key={a.id} to={`/activity/view/${a.id}`}>
                  {a.title}
                </Link>
              ))}
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}
