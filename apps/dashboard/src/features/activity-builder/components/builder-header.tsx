import { ACTIVITY_KINDS, type ActivityKind } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Col, Form, Input, Row, Select } from 'antd';
import type { Activity } from '../activity-builder.types';
import { useListStandardsQuery, useListTagsQuery } from '../api';

// The builder header (issue 4, item 10): title, kind, tags and standards. Edits wait for Save with the screens.

export interface HeaderDetails {
  title: string;
  kind: ActivityKind;
  tags: string[];
  standard_ids: number[];
}

export function detailsOf(activity: Activity): HeaderDetails {
  return {
    title: activity.title,
    kind: activity.kind,
    tags: [...activity.tags],
    standard_ids: activity.standards.map((s) => s.id),
  };
}

export function sameDetails(a: HeaderDetails, b: HeaderDetails): boolean {
  const same = <T,>(x: readonly T[], y: readonly T[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return a.title === b.title && a.kind === b.kind && same(a.tags, b.tags) && same(a.standard_ids, b.standard_ids);
}

export function BuilderHeader({ value, onChange }: { value: HeaderDetails; onChange: (v: HeaderDetails) => void }) {
  const t = useT();
  const { data: tags = [] } = useListTagsQuery();
  const { data: standards = [] } = useListStandardsQuery();
  return (
    <Form layout="vertical" component="div" requiredMark={false}>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Form.Item
            label={t('dashboard.builder.fields.title')}
            htmlFor="builder-title"
            validateStatus={value.title.trim() ? undefined : 'error'}
            help={
              value.title.trim()
                ? undefined
                : t('validation.enter', { field: t('dashboard.builder.fields.titleField') })
            }
          >
            <Input
              id="builder-title"
              value={value.title}
              maxLength={255}
              onChange={(e) => onChange({ ...value, title: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={4}>
          <Form.Item label={t('dashboard.builder.fields.kind')} htmlFor="builder-kind">
            <Select
              id="builder-kind"
              value={value.kind}
              onChange={(kind: ActivityKind) => onChange({ ...value, kind })}
              options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`dashboard.builder.kinds.${k}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={6}>
          <Form.Item label={t('dashboard.builder.fields.tags')} htmlFor="builder-tags">
            <Select
              id="builder-tags"
              mode="tags"
              value={value.tags}
              onChange={(next: string[]) => onChange({ ...value, tags: next })}
              options={tags.map((x) => ({ value: x.name, label: x.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={6}>
          <Form.Item label={t('dashboard.builder.fields.standards')} htmlFor="builder-standards">
            <Select
              id="builder-standards"
              mode="multiple"
              optionFilterProp="label"
              value={value.standard_ids}
              onChange={(ids: number[]) => onChange({ ...value, standard_ids: ids })}
              options={standards.map((s) => ({ value: s.id, label: s.tag }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
