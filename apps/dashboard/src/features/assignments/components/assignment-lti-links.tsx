import type { LtiResourceLinkDto } from '@aula/domain/lti-services';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Popconfirm, Select, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { useListClassesQuery } from '../../classes/api';
import { useGetAssignmentLtiLinksQuery, useImportLtiMembersMutation } from '../../lti/services-api';

/**
 * The assignment view's 'LMS links' (issue 18 item 5): the LMS courses that open this assignment. For each, the class
 * its members go to and 'Import members' (the course's students and teachers into that class, over the LMS's Names
 * and Role Provisioning Services); the first import maps the course to the chosen class. Shown only for an
 * assignment an LMS opens.
 */
export function AssignmentLtiLinks({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const headingId = useId();
  const { data } = useGetAssignmentLtiLinksQuery(assignmentId);
  const classes = useListClassesQuery({ page: 1, per_page: 100 }, { skip: !data || data.length === 0 });
  if (!data || data.length === 0) return null;
  const options = (classes.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  const columns: TableColumnsType<LtiResourceLinkDto> = [
    { key: 'course', title: t('ltiServices.links.course'), render: (_, l) => l.context_title ?? l.context_id },
    { key: 'platform', title: t('ltiServices.links.platform'), render: (_, l) => l.platform_name },
    {
      key: 'import',
      title: t('ltiServices.links.class'),
      render: (_, l) =>
        l.has_memberships ? (
          <ImportMembers link={l} options={options} loading={classes.isFetching} />
        ) : (
          <Typography.Text type="secondary">{t('ltiServices.links.noMemberships')}</Typography.Text>
        ),
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: token.fontSizeHeading3, margin: '0 0 8px' }}>
        {t('ltiServices.links.title')}
      </h2>
      <Table<LtiResourceLinkDto>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}

function ImportMembers({
  link,
  options,
  loading,
}: {
  link: LtiResourceLinkDto;
  options: { value: number; label: string }[];
  loading: boolean;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [classId, setClassId] = useState<number | undefined>(link.class_id ?? undefined);
  const [importMembers, { isLoading }] = useImportLtiMembersMutation();
  const course = link.context_title ?? link.context_id;
  const run = async () => {
    if (classId === undefined) return;
    try {
      const r = await importMembers({ linkId: link.id, classId }).unwrap();
      void message.success(
        t('ltiServices.links.imported', { created: r.created, matched: r.matched, skipped: r.skipped }),
      );
    } catch {
      // toasted by the shared response handler
    }
  };
  return (
    <Flex gap="small" wrap align="center">
      <Select<number>
        aria-label={t('ltiServices.links.classOf', { course })}
        placeholder={t('ltiServices.links.chooseClass')}
        style={{ minWidth: 220 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        options={options}
        value={classId}
        onChange={setClassId}
      />
      <Popconfirm
        title={t('ltiServices.links.importConfirm')}
        onConfirm={() => void run()}
        okText={t('ltiServices.links.importMembers')}
        disabled={classId === undefined}
      >
        <Button loading={isLoading} disabled={classId === undefined}>
          {t('ltiServices.links.importMembers')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
