import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

/** The admin list layout: a filter card above a card holding the title, its buttons and the table. */
export function ListLayout({
  filter,
  title,
  extra,
  children,
}: {
  filter?: ReactNode;
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      {filter && <Card size="small">{filter}</Card>}
      <Card title={title} extra={extra} styles={{ body: { paddingTop: 8 } }}>
        {children}
      </Card>
    </Flex>
  );
}
