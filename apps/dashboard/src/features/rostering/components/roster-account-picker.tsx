import { useT } from '@aula/web/lib/i18n.ts';
import { Select } from 'antd';
import { useState } from 'react';
import { useListAccountOptionsQuery } from '../../academic-sessions/api';

/** Provider and domain staff choose the account (district) a rostering page is about. */
export function RosterAccountPicker({
  value,
  onChange,
  allowClear = false,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  allowClear?: boolean;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useListAccountOptionsQuery(search);
  return (
    <Select<number>
      showSearch
      allowClear={allowClear}
      filterOption={false}
      loading={isFetching}
      style={{ width: 280 }}
      aria-label={t('rosterUi.account')}
      placeholder={allowClear ? t('rosterUi.allAccounts') : t('rosterUi.chooseAccount')}
      value={value}
      onSearch={(v) => setSearch(v.trim())}
      onChange={(v) => onChange(v ?? undefined)}
      onClear={() => onChange(undefined)}
      options={data.map((a) => ({ value: a.id, label: a.name }))}
    />
  );
}
