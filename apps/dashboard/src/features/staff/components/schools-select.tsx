import { Select } from 'antd';
import { useListAccountSchoolsQuery } from '../api';

/** The schools of one account, several at once (a Form.Item control: value and onChange come from the form). */
export function SchoolsSelect({
  accountId,
  value,
  onChange,
  id,
}: {
  accountId: number;
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
}) {
  const { data: schools = [], isFetching } = useListAccountSchoolsQuery(accountId);
  return (
    <Select<number[]>
      {...(id ? { id } : {})}
      mode="multiple"
      allowClear
      loading={isFetching}
      optionFilterProp="label"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      options={schools.map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}
