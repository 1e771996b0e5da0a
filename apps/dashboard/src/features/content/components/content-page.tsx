import { can, type Policy } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Col, Empty, Flex, Row, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { visibleContentAreas } from '../lib/visible-areas';

/**
 * /content (issue 14): the main navigation's Content section, a card per content area the user may open (the
 * library, the activity builder, its folders; later guides, simulations, sensors and standards), each a heading link
 * and a line saying what it is for.
 */
export function ContentPage() {
  const policy = useAppSelector(selectPolicy);
  return <ContentAreas policy={policy} />;
}

export function ContentAreas({ policy }: { policy: Policy }) {
  const t = useT();
  const { token } = theme.useToken();
  const areas = visibleContentAreas(policy);
  // the library's line names assigning only to those who may assign
  const mayAssign = can(policy, 'assignment', ['view', 'create']);
  return (
    <Flex vertical gap="large">
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('dashboard.content.title')}</h1>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('dashboard.content.intro')}
      </Typography.Paragraph>
      {areas.length === 0 ? (
        <Empty description={t('dashboard.content.none')} />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label={t('dashboard.content.listLabel')}>
          {areas.map((area) => (
            <Col key={area.key} xs={24} md={12} xl={8} role="listitem">
              <Card style={{ height: '100%' }}>
                <h2 style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
                  <Link to={area.path}>{t(`dashboard.content.area.${area.key}.title`)}</Link>
                </h2>
                <Typography.Paragraph style={{ margin: 0 }}>
                  {area.key === 'activities' && mayAssign
                    ? t('dashboard.content.area.activities.textAssign')
                    : t(`dashboard.content.area.${area.key}.text`)}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
