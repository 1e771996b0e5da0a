import type { Action, Resource } from '@aula/domain/permissions';
import { useT } from '@aula/web/lib/i18n.ts';
import { Checkbox, Flex, Tag, Typography, theme } from 'antd';
import { grantLines, groupPermissions } from '../lib/permission-grants';
import type { CatalogueEntry } from '../roles.types';

interface Props {
  entries: readonly CatalogueEntry[];
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * The permission list of the role form, grouped by the resource each permission is about (the role bundles last),
 * each with its description and the resources and actions it grants. A form control: value is the chosen names.
 */
export function PermissionPicker({ entries, value = [], onChange, disabled }: Props) {
  const t = useT();
  const { token } = theme.useToken();
  const groups = groupPermissions(entries);
  return (
    <Checkbox.Group
      value={value}
      disabled={disabled}
      onChange={(next) => onChange?.(entries.map((e) => e.name).filter((n) => next.includes(n)))}
      style={{ display: 'block', width: '100%' }}
    >
      <Flex vertical gap="middle">
        {groups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`permission-group-${group.key}`}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 12 }}
          >
            <h3 id={`permission-group-${group.key}`} style={{ fontSize: token.fontSizeLG, margin: '0 0 8px' }}>
              {group.key === 'bundles' ? t('roles.bundles') : t(`roles.resources.${group.key}`)}
            </h3>
            {group.key === 'bundles' && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('roles.bundlesHint')}
              </Typography.Paragraph>
            )}
            <Flex vertical gap="small">
              {group.entries.map((entry) => (
                <PermissionOption key={entry.name} entry={entry} />
              ))}
            </Flex>
          </section>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}

function PermissionOption({ entry }: { entry: CatalogueEntry }) {
  const t = useT();
  const descriptionId = `permission-${entry.name}-grants`;
  return (
    <Checkbox value={entry.name} aria-describedby={descriptionId} data-permission={entry.name}>
      <Flex vertical gap={2}>
        <span>
          <Typography.Text strong>{t(`roles.permissionNames.${entry.name}`)}</Typography.Text>{' '}
          <Typography.Text type="secondary" code>
            {entry.name}
          </Typography.Text>
          {entry.multi_domain_only && <Tag style={{ marginInlineStart: 8 }}>{t('roles.multiDomainOnly')}</Tag>}
        </span>
        <span id={descriptionId}>
          <Typography.Text type="secondary">{t(`roles.permissionDescriptions.${entry.name}`)}</Typography.Text>
          <GrantLines resources={entry.rules.resources} />
        </span>
      </Flex>
    </Checkbox>
  );
}

/** "Grants: View, Create, Update, Delete — Products; View — Home" */
export function GrantLines({ resources }: { resources: CatalogueEntry['rules']['resources'] }) {
  const t = useT();
  const actions = (list: readonly Action[]) => list.map((a) => t(`roles.actionNames.${a}`)).join(', ');
  const names = (list: readonly Resource[]) => list.map((r) => t(`roles.resources.${r}`)).join(', ');
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {t('roles.grants')}:{' '}
      {grantLines(resources).map((line, i) => (
        <span key={line.actions.join()}>
          {i > 0 && '; '}
          <strong>{actions(line.actions)}</strong> — {names(line.resources)}
        </span>
      ))}
    </Typography.Text>
  );
}
