// A place as one line of text (zod-free: every side writes addresses the same way, issue 21).

export interface PlaceParts {
  province: string;
  city: string;
  area: string;
  address: string;
}

/**
 * 省市区 and the street as one line: 北京市海淀区学院路1号 — the city left out
 * where it repeats the province (the municipalities: 北京市, 上海市 …), and the
 * street's own leading 省市区 not written twice.
 */
export function placeText(p: PlaceParts): string {
  const region = [p.province, p.city === p.province ? '' : p.city, p.area].join('');
  let street = p.address.trim();
  for (const part of [p.province, p.city, p.area]) if (part && street.startsWith(part)) street = street.slice(part.length);
  return `${region}${street}`;
}
