import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useHideNames } from '../hooks/use-hide-names';

/** 'Hide names': a labelled switch (role switch, its label read by screen readers) kept per browser. */
export function HideNamesSwitch() {
  const t = useT();
  const id = useId();
  const [hidden, setHidden] = useHideNames();
  return (
    <Flex align="center" gap={8}>
      <Switch id={`${id}-switch`} checked={hidden} onChange={setHidden} aria-describedby={`${id}-help`} size="small" />
      <label htmlFor={`${id}-switch`} style={{ cursor: 'pointer' }}>
        {t('review.hideNames.label')}
      </label>
      <Typography.Text id={`${id}-help`} type="secondary" style={{ fontSize: 12 }}>
        {t('review.hideNames.help')}
      </Typography.Text>
    </Flex>
  );
}
