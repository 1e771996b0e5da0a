import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({ title, intro, extra }: { title: string; intro?: string; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" wrap gap="middle">
      <Flex vertical gap={4}>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{title}</h1>
        {intro && <Typography.Text type="secondary">{intro}</Typography.Text>}
      </Flex>
      {extra}
    </Flex>
  );
}
