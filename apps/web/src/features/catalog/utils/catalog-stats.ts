import type { ProjectType } from '@yance/contracts/catalog';

export interface CatalogStats {
  items: number;
  categories: number;
  perType: { id: number; name: string; items: number }[];
}

/** Counts derived from type/group: items per type, all items, child categories. */
export function catalogStats(types: ProjectType[]): CatalogStats {
  const perType = types.map((t) => ({ id: t.id, name: t.name, items: t.typeChildArr.reduce((n, c) => n + c.count, 0) }));
  return {
    items: perType.reduce((n, t) => n + t.items, 0),
    categories: types.reduce((n, t) => n + t.typeChildArr.length, 0),
    perType,
  };
}
