import { useT } from '@aula/web/lib/i18n.ts';
import { Select } from 'antd';
import { useState } from 'react';
import { useListStudentsQuery } from '../api';

/** Choose one of the students the caller reaches, by name (searched on the server). */
export function StudentPicker({
  value,
  onChange,
  id,
}: {
  value: number | undefined;
  onChange: (studentId: number) => void;
  id?: string;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListStudentsQuery({ page: 1, per_page: 50, ...(search ? { search } : {}) });
  return (
    <Select<number>
      id={id}
      showSearch
      filterOption={false}
      loading={isFetching}
      style={{ width: 320 }}
      placeholder={t('people.activities.pickStudent')}
      aria-label={t('people.activities.student')}
      value={value}
      onSearch={(v) => setSearch(v.trim())}
      onChange={onChange}
      options={(data?.data ?? []).map((s) => ({ value: s.id, label: s.full_name }))}
    />
  );
}
