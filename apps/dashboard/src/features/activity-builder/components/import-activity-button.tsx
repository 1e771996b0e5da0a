import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useListMyDomainsQuery } from '../../products/api';
import { useImportActivityMutation } from '../api';

/**
 * Import an activity export (a JSON file) into the folder shown. A user without a domain of their own (provider
 * staff) names the domain the new draft belongs to, as when creating one: the only one they may use is taken for
 * them, otherwise they pick it beside the button first.
 */
export function ImportActivityButton({ folderId }: { folderId: number | null }) {
  const t = useT();
  const { message } = App.useApp();
  const user = useAppSelector(selectCurrentUser);
  const multiDomain = user?.domain_id === null || user?.multi_domain === true;
  const { data: domains = [] } = useListMyDomainsQuery(undefined, { skip: !multiDomain });
  const [picked, setPicked] = useState<number>();
  const [importActivity, { isLoading }] = useImportActivityMutation();
  const domainId = multiDomain ? (domains.length === 1 ? domains[0]!.id : picked) : undefined;
  const needsDomain = multiDomain && domainId === undefined;

  const importFile = async (file: File) => {
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      void message.error(t('dashboard.builder.list.importInvalid'));
      return;
    }
    const activity = await importActivity({
      document,
      ...(folderId !== null ? { folder_id: folderId } : {}),
      ...(domainId !== undefined ? { domain_id: domainId } : {}),
    }).unwrap();
    void message.success(t('dashboard.builder.list.imported', { title: activity.title }));
  };

  return (
    <Space.Compact>
      {multiDomain && domains.length > 1 && (
        <Select
          style={{ width: 180 }}
          aria-label={t('dashboard.builder.list.importDomain')}
          placeholder={t('dashboard.builder.fields.domain')}
          value={picked}
          onChange={setPicked}
          options={domains.map((d) => ({ value: d.id, label: d.name }))}
        />
      )}
      <Upload
        accept="application/json,.json"
        showUploadList={false}
        maxCount={1}
        disabled={needsDomain}
        beforeUpload={(file) => {
          void importFile(file).catch(() => undefined);
          return false;
        }}
      >
        <Button loading={isLoading} disabled={needsDomain}>
          {t('dashboard.builder.list.import')}
        </Button>
      </Upload>
    </Space.Compact>
  );
}
