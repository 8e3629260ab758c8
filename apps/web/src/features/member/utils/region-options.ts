import { areaList } from '@vant/area-data';

/** Spec §9: default region 110101 (北京市 / 北京市 / 东城区). */
export const DEFAULT_REGION = '110101';

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/**
 * The three-level region tree of spec §3 (province → city → county) from
 * @vant/area-data's code tables, grouped by code prefix as vant does, with
 * vant's `text` as antd Cascader's `label`.
 */
function buildTree(): RegionOption[] {
  const { province_list, city_list, county_list } = areaList;
  const cities = new Map<string, RegionOption[]>();
  const counties = new Map<string, RegionOption[]>();
  for (const [value, label] of Object.entries(county_list)) {
    const key = value.slice(0, 4);
    (counties.get(key) ?? counties.set(key, []).get(key)!).push({ label, value });
  }
  for (const [value, label] of Object.entries(city_list)) {
    const key = value.slice(0, 2);
    const children = counties.get(value.slice(0, 4));
    if (children?.length) (cities.get(key) ?? cities.set(key, []).get(key)!).push({ label, value, children });
  }
  return Object.entries(province_list)
    .map(([value, label]) => ({ label, value, children: cities.get(value.slice(0, 2)) ?? [] }))
    .filter((p) => p.children.length > 0);
}

export const REGION_OPTIONS: RegionOption[] = buildTree();

/** County code → its path of options, built once. */
const pathByCode = new Map<string, RegionOption[]>();
for (const province of REGION_OPTIONS)
  for (const city of province.children ?? [])
    for (const county of city.children ?? []) pathByCode.set(county.value, [province, city, county]);

/** [province, city, county] codes for a county code (for the Cascader's value). */
export const regionPath = (code: string | undefined) => pathByCode.get(code ?? '')?.map((o) => o.value);

/** Province, city and area names of a county code, as an address stores them. */
export function regionNames(code: string) {
  const path = pathByCode.get(code);
  return path ? { province: path[0]!.label, city: path[1]!.label, area: path[2]!.label } : null;
}

/** "北京市 北京市 东城区" for display. */
export const regionText = (code: string) =>
  pathByCode
    .get(code)
    ?.map((o) => o.label)
    .join(' ') ?? '';
