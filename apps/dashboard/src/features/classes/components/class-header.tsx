import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import type { ClassRow } from '../classes.types';
import { classGroupsHref, classHref, classLabGroupsHref, classSettingsHref, classesHref } from '../lib/class-paths';

type ClassPage = 'summary' | 'settings' | 'labGroups' | 'groups';

/** The heading of every page of one class: back to the list, the class's name, and links between its pages. */
export function ClassHeader({ cls, current, title }: { cls: ClassRow; current: ClassPage; title?: string }) {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const links: { key: ClassPage; to: string; show: boolean }[] = [
    { key: 'summary', to: classHref(cls.id), show: true },
    { key: 'settings', to: classSettingsHref(cls.id), show: policy ? can(policy, 'class', ['view', 'update']) : false },
    { key: 'labGroups', to: classLabGroupsHref(cls.id), show: true },
    { key: 'groups', to: classGroupsHref(cls.id), show: policy ? can(policy, 'group', 'view') : false },
  ];
  return (
    <Flex vertical gap="small">
      <Link to={classesHref()}>{t('classes.nav.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{title ?? cls.name}</h1>
      {title && <span style={{ color: token.colorTextSecondary }}>{cls.name}</span>}
      <nav aria-label={t('classes.nav.label')}>
        <Flex wrap gap="middle">
          {links
            .filter((l) => l.show)
            .map((l) =>
              l.key === current ? (
                <strong key={l.key} aria-current="page">
                  {t(`classes.nav.${l.key}`)}
                </strong>
              ) : (
                <Link key={l.key} to={l.to}>
                  {t(`classes.nav.${l.key}`)}
                </Link>
              ),
            )}
        </Flex>
      </nav>
    </Flex>
  );
}
