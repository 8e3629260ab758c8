import type { AllowRegion } from '@yance/contracts/setting';
import { Empty, Table } from 'antd';

interface RegionRow {
  city: string;
  districts: string[];
}

/** allowRegion grouped by city, one row per city (spec: sampling-region tip with city and district). */
export function groupRegions(regions: AllowRegion): RegionRow[] {
  const byCity = new Map<string, string[]>();
  for (const r of regions) {
    const list = byCity.get(r.city) ?? [];
    if (r.district && !list.includes(r.district)) list.push(r.district);
    byCity.set(r.city, list);
  }
  return [...byCity].map(([city, districts]) => ({ city, districts }));
}

/** The cities and districts where home pick-up (上门取样) runs. */
export function PickupRegions({ regions }: { regions: AllowRegion }) {
  const rows = groupRegions(regions);
  if (rows.length === 0) return <Empty description="上门取样服务暂未开通，请寄样至收样地址" />;
  return (
    <Table<RegionRow>
      rowKey="city"
      size="middle"
      bordered
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '城市', dataIndex: 'city', width: 120 },
        { title: '区县', dataIndex: 'districts', render: (d: string[]) => (d.length ? d.join('、') : '全市') },
      ]}
    />
  );
}
