import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, type StaffRole } from '@yance/contracts/staff';
import { entryOf, menuFor } from './menu.tsx';

const labels = (role: StaffRole) =>
  menuFor(PERMISSION_NAMES.filter((p) => can([role], p))).map((g) => [g.label, g.entries.map((e) => e.label)]);

describe('side menu', () => {
  it('shows each role only the entries its permissions allow, and no empty group', () => {
    expect(labels('admin')).toEqual([
      ['概览', ['概览']],
      ['运营', ['后台任务', '短信记录']],
      ['系统', ['员工', '操作日志']],
    ]);
    for (const role of ['manager', 'lab', 'finance'] as const) expect(labels(role)).toEqual([['概览', ['概览']]]);
    expect(labels('operator')).toEqual([
      ['概览', ['概览']],
      ['运营', ['短信记录']],
    ]);
    expect(menuFor([])).toEqual([]);
  });

  it('finds the entry and group of a path for the breadcrumb', () => {
    expect(entryOf('/')?.entry.label).toBe('概览');
    expect(entryOf('/staff')).toMatchObject({ group: { label: '系统' }, entry: { label: '员工' } });
    expect(entryOf('/audit')?.entry.label).toBe('操作日志');
    expect(entryOf('/jobs')).toMatchObject({ group: { label: '运营' }, entry: { label: '后台任务' } });
    expect(entryOf('/security')?.entry.label).toBe('账号安全');
    expect(entryOf('/nothing')).toBeNull();
  });
});
