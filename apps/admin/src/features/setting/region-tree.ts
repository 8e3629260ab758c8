import { areaList } from '@vant/area-data';
import type { AllowRegion } from '@yance/contracts/setting';

/** One node of the region tree; keys are the 6-digit codes (unique across levels). */
export interface RegionNode {
  key: string;
  title: string;
  children?: RegionNode[];
}

const { province_list: provinces, city_list: cities, county_list: counties } = areaList;
const cityOf = (county: string) => `${county.slice(0, 4)}00`;
const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;

/**
 * Province → city → district, from the same table the storefront's picker
 * and the server's check use (@vant/area-data). A district whose city is
 * missing from the table is left out: the server could not name its city.
 */
export const REGION_TREE: RegionNode[] = (() => {
  const districts = new Map<string, RegionNode[]>();
  for (const [code, title] of Object.entries(counties)) {
    if (!cities[cityOf(code)]) continue;
    const list = districts.get(cityOf(code)) ?? [];
    list.push({ key: code, title });
    districts.set(cityOf(code), list);
  }
  const byProvince = new Map<string, RegionNode[]>();
  for (const [code, title] of Object.entries(cities)) {
    const list = byProvince.get(provinceOf(code)) ?? [];
    const children = districts.get(code);
    list.push(children ? { key: code, title, children } : { key: code, title });
    byProvince.set(provinceOf(code), list);
  }
  return Object.entries(provinces).map(([code, title]) => ({ key: code, title, children: byProvince.get(code) ?? [] }));
})();

/** The codes above a node (province, city), for expanding the tree to a search hit. */
export const ancestorsOf = (code: string): string[] =>
  counties[code] ? [provinceOf(code), cityOf(code)] : cities[code] ? [provinceOf(code)] : [];

/** Every node whose name contains the words, in tree order. */
export function search(kw: string): string[] {
  if (!kw) return [];
  const hits: string[] = [];
  const walk = (nodes: RegionNode[]) => {
    for (const n of nodes) {
      if (n.title.includes(kw)) hits.push(n.key);
      if (n.children) walk(n.children);
    }
  };
  walk(REGION_TREE);
  return hits;
}

/**
 * The checked tree as allowRegion: a whole city is one entry (its district
 * left empty), otherwise each checked district is one. antd's checked keys
 * already include a city whose districts are all checked.
 */
export function regionsOf(checked: ReadonlySet<string>): AllowRegion {
  const out: AllowRegion = [];
  for (const province of REGION_TREE)
    for (const city of province.children ?? []) {
      if (checked.has(city.key)) out.push({ code: city.key, city: city.title, district: '' });
      else for (const d of city.children ?? []) if (checked.has(d.key)) out.push({ code: d.key, city: city.title, district: d.title });
    }
  return out;
}
