import { alreadyInClass, type MemberType } from '@aula/domain/assignments';
import { useT } from '@aula/web/lib/i18n.ts';
import { Checkbox, Empty, Flex, Input, Tabs, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { PersonRef, TargetClass, TargetGroup } from '../assignments.types';
import { fullName, keyOf, parseKey, type MemberKey } from '../lib/member-keys';

// The assign form's assign-to step: classes, groups and students in tabs, each a checkbox; a student already in a
// chosen class cannot be named on their own.

export function AssignToStep({
  classes,
  groups,
  members,
  onToggle,
  studentSearch,
  onStudentSearch,
}: {
  classes: readonly TargetClass[];
  groups: readonly TargetGroup[];
  members: readonly MemberKey[];
  onToggle: (k: MemberKey, on: boolean) => void;
  studentSearch: string;
  onStudentSearch: (value: string) => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const selectedClassIds = members.filter((k) => k.startsWith('class:')).map((k) => parseKey(k).member_id);
  const classNameOf = (id: number) => classes.find((c) => c.id === id)?.name ?? `#${id}`;

  const tabCount = (type: MemberType) => members.filter((k) => k.startsWith(`${type}:`)).length;
  const checkboxRow = (k: MemberKey, label: ReactNode, extra: ReactNode, disabled = false) => (
    <Checkbox
      key={k}
      checked={members.includes(k)}
      disabled={disabled && !members.includes(k)}
      onChange={(e) => onToggle(k, e.target.checked)}
    >
      <Flex gap="small" wrap align="center">
        <span>{label}</span>
        {extra}
      </Flex>
    </Checkbox>
  );
  const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

  const studentFieldset = (legend: string, students: readonly PersonRef[], key: string) => {
    const q = studentSearch.trim().toLowerCase();
    const shown = students.filter((s) => !q || fullName(s).toLowerCase().includes(q));
    if (shown.length === 0) return null;
    return (
      <fieldset key={key} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 600, fontSize: token.fontSize, marginBottom: 4 }}>{legend}</legend>
        <Flex vertical gap={4}>
          {shown.map((s) => {
            const [hit] = alreadyInClass(classes, selectedClassIds, { student_ids: [s.id] });
            return checkboxRow(
              keyOf('student', s.id),
              fullName(s),
              hit ? secondary(t('assignments.form.alreadyInClass', { class: classNameOf(hit.class_id) })) : null,
              !!hit,
            );
          })}
        </Flex>
      </fieldset>
    );
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('assignments.form.assignToHint')}
      </Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'classes',
            label: t('assignments.form.classesSelected', { count: tabCount('class') }),
            children: classes.length ? (
              <Flex vertical gap="small" role="group" aria-label={t('assignments.form.classes')}>
                {classes.map((c) =>
                  checkboxRow(
                    keyOf('class', c.id),
                    c.name,
                    secondary(t('assignments.form.studentsCount', { count: c.students.length })),
                  ),
                )}
              </Flex>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assignments.form.noClasses')} />
            ),
          },
          {
            key: 'groups',
            label: t('assignments.form.groupsSelected', { count: tabCount('group') }),
            children: groups.length ? (
              <Flex vertical gap="small" role="group" aria-label={t('assignments.form.groups')}>
                {groups.map((g) =>
                  checkboxRow(
                    keyOf('group', g.id),
                    g.name,
                    g.empty ? (
                      <Tag style={{ marginInlineEnd: 0 }}>{t('assignments.form.emptyGroup')}</Tag>
                    ) : (
                      secondary(t('assignments.form.studentsCount', { count: g.students.length }))
                    ),
                  ),
                )}
              </Flex>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assignments.form.noGroups')} />
            ),
          },
          {
            key: 'students',
            label: t('assignments.form.studentsSelected', { count: tabCount('student') }),
            children: (
              <Flex vertical gap="middle">
                <Input.Search
                  allowClear
                  aria-label={t('assignments.form.searchStudents')}
                  placeholder={t('assignments.form.searchStudents')}
                  style={{ maxWidth: 320 }}
                  onChange={(e) => onStudentSearch(e.target.value)}
                />
                {classes.map((c) => studentFieldset(c.name, c.students, `c${c.id}`))}
                {groups.map((g) => studentFieldset(g.name, g.students, `g${g.id}`))}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
