import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { ltiDeploymentsHref, ltiKeysHref, ltiPlatformsHref } from '../lib/lti-paths';

type TabKey = 'deployments' | 'platforms' | 'keys';

/** The LTI section's pages: the menu opens deployments; platforms and keys are provider staff's (resource 'lti'). */
export function LtiTabs({ active }: { active: TabKey }) {
  const t = useT();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const tabs: { key: TabKey; href: string; show: boolean }[] = [
    { key: 'deployments', href: ltiDeploymentsHref(), show: !!policy && can(policy, 'lti-deployment') },
    { key: 'platforms', href: ltiPlatformsHref(), show: !!policy && can(policy, 'lti') },
    { key: 'keys', href: ltiKeysHref(), show: !!policy && can(policy, 'lti') },
  ];
  const shown = tabs.filter((tab) => tab.show);
  if (shown.length < 2) return null;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(shown.find((tab) => tab.key === key)!.href)}
      items={shown.map((tab) => ({ key: tab.key, label: t(`lti.tabs.${tab.key}`) }))}
      style={{ marginBottom: -16 }}
    />
  );
}

/** `{ title, intro }` heading of an LTI page. */
export function LtiHeading({ title, intro, extra }: { title: string; intro?: string; extra?: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
      <div>
        <h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>
        {intro && <p style={{ opacity: 0.75, margin: '8px 0 0' }}>{intro}</p>}
      </div>
      {extra}
    </div>
  );
}
