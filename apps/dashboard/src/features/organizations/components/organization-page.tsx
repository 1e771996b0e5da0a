import { can } from '@aula/domain/permissions';
import { canManageOrganizations, type OrganizationSummary } from '@aula/domain/organizations';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Statistic, Tabs, Typography, theme } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmbeddedPage } from '../../../components/page-heading';
import { ScopedClassesPage } from '../../classes/components/classes-page';
import { StudentsPage } from '../../people/components/students-page';
import { TeachersPage } from '../../people/components/teachers-page';
import { useGetOrganizationQuery, useGetOrganizationSummaryQuery } from '../api';
import { editOrganizationHref, organizationAssignmentsHref } from '../lib/organization-paths';
import type { Organization } from '../organizations.types';

/**
 * /organizations/:orgId, the school page (a school administrator's home): its name and address, its summary (002
 * section 3: assignments by status, classes) and its classes, teachers and students, each the scoped list of
 * features/classes and features/people. Edit when the caller may.
 */
export function OrganizationPage() {
  const { orgId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <School key={raw} id={Number(raw)} />;
}

const SECTIONS = ['classes', 'teachers', 'students'] as const;
type Section = (typeof SECTIONS)[number];
const RESOURCE = { classes: 'class', teachers: 'teacher', students: 'student' } as const;
// each reads the school from the route (orgId), as under /organizations/{orgId}/classes, /teachers and /students
const CONTENT = { classes: ScopedClassesPage, teachers: TeachersPage, students: StudentsPage };

function School({ id }: { id: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const { data: org, isLoading, isError } = useGetOrganizationQuery(id);
  const [params, setParams] = useSearchParams();
  if (isLoading) return <PageLoader />;
  if (isError || !org) return <NotFoundPage />;

  const sections = SECTIONS.filter((s) => policy && can(policy, RESOURCE[s], 'view'));
  const asked = params.get('tab');
  const active: Section | undefined = sections.find((s) => s === asked) ?? sections[0];

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{org.name}</h1>
        {canManageOrganizations(policy, 'update') && (
          <Button onClick={() => void navigate(editOrganizationHref(org.id))}>{t('organizations.edit')}</Button>
        )}
      </Flex>
      <Details org={org} />
      <Summary id={id} canSeeAssignments={!!policy && can(policy, 'assignment', 'view')} />
      {active && (
        <div
          style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: '8px 24px 24px' }}
        >
          <Tabs
            aria-label={t('organizations.page.sections')}
            activeKey={active}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            items={sections.map((key) => {
              const Section = CONTENT[key];
              return {
                key,
                label: t(`organizations.page.${key}`),
                children:
                  key === active ? (
                    <EmbeddedPage>
                      <Section />
                    </EmbeddedPage>
                  ) : null,
              };
            })}
          />
        </div>
      )}
    </Flex>
  );
}

function Details({ org }: { org: Organization }) {
  const t = useT();
  const address = [org.address1, org.address2, [org.city, org.state].filter(Boolean).join(', '), org.country].filter(
    (line): line is string => !!line,
  );
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Card>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'address',
            label: t('organizations.page.address'),
            children:
              address.length > 0 ? (
                <Flex vertical>
                  {address.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('organizations.page.noAddress')}</Typography.Text>
              ),
          },
          { key: 'nces', label: t('organizations.fields.ncesId'), children: org.nces_id ?? none },
          { key: 'phone', label: t('organizations.fields.phone'), children: org.phone ?? none },
          {
            key: 'website',
            label: t('organizations.fields.website'),
            children: org.website ? (
              <a href={org.website} target="_blank" rel="noreferrer noopener">
                {org.website}
              </a>
            ) : (
              none
            ),
          },
        ]}
      />
    </Card>
  );
}

function Summary({ id, canSeeAssignments }: { id: number; canSeeAssignments: boolean }) {
  const t = useT();
  const { data, isLoading, isError } = useGetOrganizationSummaryQuery(id);
  return (
    <section aria-labelledby="organization-summary-heading">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 12 }}>
        <h2 id="organization-summary-heading" style={{ margin: 0, fontSize: 20 }}>
          {t('organizations.page.summary')}
        </h2>
        {canSeeAssignments && (
          <Link to={organizationAssignmentsHref(id)}>{t('organizations.page.allAssignments')}</Link>
        )}
      </Flex>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError || !data ? (
        <Alert type="error" showIcon title={t('organizations.page.summaryError')} />
      ) : (
        <SummaryCards summary={data} />
      )}
    </section>
  );
}

function SummaryCards({ summary }: { summary: OrganizationSummary }) {
  const t = useT();
  const cards = [
    { key: 'classes', title: t('organizations.page.classes'), value: summary.classes },
    { key: 'assignments', title: t('organizations.page.assignments'), value: summary.assignments_total },
    ...summary.assignments.map((s) => ({
      key: s.status,
      title: t(`assignments.phase.${s.status}`),
      value: s.count,
    })),
  ];
  return (
    <Row gutter={[16, 16]} aria-label={t('organizations.page.assignmentsByStatus')}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} sm={8} lg={4}>
          <Card data-testid={`summary-${c.key}`}>
            <Statistic title={c.title} value={c.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
