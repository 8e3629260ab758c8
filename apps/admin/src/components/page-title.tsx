import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's heading row, the same on every list and settings page: the title, then its actions or filters on the right (wrapping below on a phone). */
export function PageTitle({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Space>
  );
}
