import { areaList } from '@vant/area-data';

/** A place named in a detail address that is not the one picked; code when it is a county the picker can switch to. */
export interface OtherPlace {
  name: string;
  code?: string;
}

// Two-character names (城区, 郊区, 赵县…) sit inside longer names and street names too often to be told apart.
const MIN_NAME = 3;
const named = (list: Record<string, string>) =>
  Object.entries(list).filter(([, name]) => name.length >= MIN_NAME && !name.includes('直辖'));
const COUNTIES = named(areaList.county_list);
const CITIES = named(areaList.city_list);
const PROVINCES = named(areaList.province_list);

/**
 * The first province, city or county that the detail address names (full
 * name, e.g. 海淀区) and that is not the picked county's own: a user who
 * typed a 海淀 address under the default 东城区 is asked to check before
 * saving. Picked names are removed first, so 东城区 never matches 城区.
 * A county is preferred in the picked city, then province, then anywhere.
 */
export function otherPlaceIn(detail: string, code: string): OtherPlace | null {
  const province = areaList.province_list[`${code.slice(0, 2)}0000`];
  const city = areaList.city_list[`${code.slice(0, 4)}00`];
  const county = areaList.county_list[code];
  if (!province || !city || !county) return null;
  let rest = detail;
  for (const own of [county, city, province]) rest = rest.split(own).join(' ');
  if (!rest.trim()) return null;

  const counties = COUNTIES.filter(([c, name]) => c !== code && rest.includes(name));
  if (counties.length) {
    const rank = ([c]: [string, string]) => (c.startsWith(code.slice(0, 4)) ? 0 : c.startsWith(code.slice(0, 2)) ? 1 : 2);
    const [best] = counties.sort((a, b) => rank(a) - rank(b));
    return { name: best![1], code: best![0] };
  }
  const place = [...CITIES, ...PROVINCES].find(([, name]) => rest.includes(name));
  return place ? { name: place[1] } : null;
}
