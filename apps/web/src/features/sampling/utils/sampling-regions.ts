import { areaList } from '@vant/area-data';
import type { AllowRegion } from '@yance/contracts/setting';
import { inAllowRegion } from '@yance/contracts/sampling-rules';

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/**
 * The region picker's tree limited to allowRegion (spec §4): province → city
 * → district from @vant/area-data, only districts where pick-up runs.
 */
export function allowedRegionOptions(regions: AllowRegion): RegionOption[] {
  const { province_list, city_list, county_list } = areaList;
  const provinces = new Map<string, RegionOption>();
  for (const [code, label] of Object.entries(county_list)) {
    if (!inAllowRegion(code, regions)) continue;
    const pCode = `${code.slice(0, 2)}0000`;
    const cCode = `${code.slice(0, 4)}00`;
    const province =
      provinces.get(pCode) ?? provinces.set(pCode, { label: province_list[pCode] ?? '', value: pCode, children: [] }).get(pCode)!;
    let city = province.children!.find((c) => c.value === cCode);
    if (!city) province.children!.push((city = { label: city_list[cCode] ?? '', value: cCode, children: [] }));
    city.children!.push({ label, value: code });
  }
  return [...provinces.values()];
}

/** Province, city and district names of a district code, as an address stores them. */
export function namesOf(code: string) {
  const { province_list, city_list, county_list } = areaList;
  return {
    province: province_list[`${code.slice(0, 2)}0000`] ?? '',
    city: city_list[`${code.slice(0, 4)}00`] ?? '',
    area: county_list[code] ?? '',
  };
}
