import { HistoryOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid } from 'antd';
import { useState } from 'react';
import { ObjectHistory } from './object-history.tsx';
import { holds, useMe } from '@/lib/me.ts';

/**
 * 操作记录 of one object in a drawer. Shown only to staff who may read the
 * audit log (an operator edits content but does not hold audit.read).
 */
export function HistoryButton({ objectType, objectId, title }: { objectType: string; objectId: string | number; title: string }) {
  const { data: me } = useMe();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  if (!holds(me, 'audit.read')) return null;
  return (
    <>
      <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        记录
      </Button>
      <Drawer title={`操作记录 · ${title}`} open={open} onClose={() => setOpen(false)} size={screens.md ? 520 : '100%'} destroyOnHidden>
        <ObjectHistory objectType={objectType} objectId={objectId} />
      </Drawer>
    </>
  );
}
