import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Alert, Button, Card, Descriptions, Flex, theme } from 'antd';
import { StatusTag } from '../../../components/status-tag';
import { usePlatformStatusQuery } from '../api';
import { JOB_STATES, type PlatformStatus } from '../technology.types';

const REFRESH_MS = 30_000;
const MB = 1024 * 1024;

// AntD's preset tag colours fail contrast: the shared StatusTag's tones (a degraded platform is a fault too)
const STATUS_TONE = { ok: 'green', degraded: 'red', unavailable: 'red' } as const;

/** Days, hours and minutes of an uptime in seconds, as numbers to put in the catalogue's sentence. */
export function uptimeParts(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/**
 * /status (the technology resource): the platform's status for the provider's staff, from GET /dashboard/status
 * (what /health and /metrics know): the database, the job queue by state, real-time connections, the version,
 * uptime and memory. Read again every 30 seconds, or at once with Refresh.
 */
export function StatusPage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { data, isLoading, isFetching, isError, refetch } = usePlatformStatusQuery(undefined, {
    pollingInterval: REFRESH_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('technology.statusTitle')}</h1>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('technology.statusIntro')}</p>
        </div>
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t('technology.refresh')}
        </Button>
      </Flex>
      {isError && <Alert type="error" showIcon message={t('technology.statusFailed')} />}
      {isLoading && <Card loading aria-busy="true" />}
      {data && <StatusCards status={data} checkedAt={dates.dateTime(data.checked_at)} />}
    </Flex>
  );
}

export function StatusCards({ status, checkedAt }: { status: PlatformStatus; checkedAt: string }) {
  const t = useT();
  const up = uptimeParts(status.uptime_seconds);
  const mb = (bytes: number) => t('technology.megabytes', { value: Math.round(bytes / MB) });
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 820 }}>
      <Card title={t('technology.overall')} extra={<span>{t('technology.checkedAt', { when: checkedAt })}</span>}>
        <StatusTag tone={STATUS_TONE[status.status]}>{t(`technology.overallStates.${status.status}`)}</StatusTag>
      </Card>
      <Card title={t('technology.database')}>
        <Descriptions
          column={1}
          items={[
            {
              key: 'state',
              label: t('technology.reachable'),
              children: (
                <StatusTag tone={status.database.state === 'up' ? 'green' : 'red'}>
                  {t(`technology.databaseStates.${status.database.state}`)}
                </StatusTag>
              ),
            },
            { key: 'kind', label: t('technology.kind'), children: t(`technology.kinds.${status.database.kind}`) },
          ]}
        />
      </Card>
      <Card title={t('technology.jobs')}>
        <Descriptions
          column={1}
          items={[
            {
              key: 'state',
              label: t('technology.queue'),
              children: (
                <StatusTag tone={({ up: 'green', down: 'red', off: 'default' } as const)[status.jobs.state]}>
                  {t(`technology.queueStates.${status.jobs.state}`)}
                </StatusTag>
              ),
            },
            ...(status.jobs.by_state
              ? JOB_STATES.map((s) => ({
                  key: s,
                  label: t(`technology.jobStates.${s}`),
                  children: String(status.jobs.by_state![s]),
                }))
              : [{ key: 'none', label: t('technology.depth'), children: t('technology.notCounted') }]),
          ]}
        />
      </Card>
      <Card title={t('technology.server')}>
        <Descriptions
          column={1}
          items={[
            {
              key: 'realtime',
              label: t('technology.connections'),
              children:
                status.realtime.connections === null ? t('technology.noRealtime') : String(status.realtime.connections),
            },
            { key: 'version', label: t('technology.version'), children: status.version },
            { key: 'uptime', label: t('technology.uptime'), children: t('technology.uptimeValue', up) },
            {
              key: 'memory',
              label: t('technology.memory'),
              children: t('technology.memoryValue', {
                rss: mb(status.memory.rss_bytes),
                used: mb(status.memory.heap_used_bytes),
                total: mb(status.memory.heap_total_bytes),
              }),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
