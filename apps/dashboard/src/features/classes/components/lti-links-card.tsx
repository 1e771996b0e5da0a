import type { LtiResourceLinkDto } from '@aula/domain/lti-services';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Card, List, Popconfirm, Typography } from 'antd';
import { useGetClassLtiLinksQuery, useImportLtiMembersMutation } from '../../lti/services-api';

/**
 * The class's LMS links (issue 18 item 5): the LMS courses that launch Aula into this class, each with 'Import
 * members' (the course's students and teachers into the class, over the LMS's Names and Role Provisioning Services).
 * Shown only for a class linked to an LMS.
 */
export function LtiLinksCard({ classId }: { classId: number }) {
  const t = useT();
  const { data } = useGetClassLtiLinksQuery(classId);
  if (!data || data.length === 0) return null;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('ltiServices.links.title')}</h2>}>
      <List dataSource={data} renderItem={(link) => <LinkRow key={link.id} link={link} />} />
    </Card>
  );
}

function LinkRow({ link }: { link: LtiResourceLinkDto }) {
  const t = useT();
  const { message } = App.useApp();
  const [importMembers, { isLoading }] = useImportLtiMembersMutation();
  const run = async () => {
    try {
      const r = await importMembers({ linkId: link.id }).unwrap();
      void message.success(
        t('ltiServices.links.imported', { created: r.created, matched: r.matched, skipped: r.skipped }),
      );
    } catch {
      // toasted by the shared response handler
    }
  };
  const course = link.context_title ?? link.context_id;
  return (
    <List.Item
      actions={[
        link.has_memberships ? (
          <Popconfirm
            key="import"
            title={t('ltiServices.links.importConfirm')}
            onConfirm={() => void run()}
            okText={t('ltiServices.links.importMembers')}
          >
            <Button loading={isLoading}>{t('ltiServices.links.importMembers')}</Button>
          </Popconfirm>
        ) : (
          <Typography.Text key="none" type="secondary">
            {t('ltiServices.links.noMemberships')}
          </Typography.Text>
        ),
      ]}
    >
      <List.Item.Meta title={course} description={`${t('ltiServices.links.platform')}: ${link.platform_name}`} />
    </List.Item>
  );
}
