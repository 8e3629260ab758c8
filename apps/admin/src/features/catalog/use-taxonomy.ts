import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** The project types (three, fixed) and every child category: small lists the catalogue pages share. */
export function useTypes() {
  return useQuery({ queryKey: ['catalogTypeList'], queryFn: () => call('catalogTypeList', {}, { feedback: false }), staleTime: 60_000 });
}

export function useChildren(typeId?: number) {
  return useQuery({
    queryKey: ['catalogChildList', typeId ?? 'all'],
    queryFn: () => call('catalogChildList', { query: { typeId } }, { feedback: false }),
    staleTime: 30_000,
  });
}

/** Category choices grouped by type ("送样检测" → 结构分析, 形貌分析 …) for a Select. */
export function useCategoryOptions() {
  const types = useTypes();
  const children = useChildren();
  const options = (types.data ?? []).map((t) => ({
    label: t.name,
    title: t.name,
    options: (children.data ?? []).filter((c) => c.typeId === t.id).map((c) => ({ value: c.id, label: `${t.name} / ${c.name}` })),
  }));
  return { options, types: types.data ?? [], children: children.data ?? [], loading: types.isPending || children.isPending };
}
