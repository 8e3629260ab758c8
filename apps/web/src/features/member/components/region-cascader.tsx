import { Cascader } from 'antd';
import { REGION_OPTIONS } from '../utils/region-options.ts';

interface RegionCascaderProps {
  /** [province, city, county] codes. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/** 所在地区: province / city / county from @vant/area-data, searchable. */
export function RegionCascader({ value, onChange, id }: RegionCascaderProps) {
  return (
    <Cascader
      id={id}
      options={REGION_OPTIONS}
      value={value}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      placeholder="请选择省 / 市 / 区"
      showSearch
      allowClear={false}
      style={{ width: '100%' }}
      // A phone fits the three columns in its width (global.css).
      classNames={{ popup: { root: 'region-popup' } }}
      aria-label="所在地区"
    />
  );
}
