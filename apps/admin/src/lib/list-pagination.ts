import type { TablePaginationConfig } from 'antd';

/**
 * A console list's pager: a fixed page size (the server's page), no size
 * changer, and the count in words — 共 12 笔, or what `total` says for lists
 * whose count is capped. `onPage` is left out where the table's own onChange
 * reads the page.
 */
export function listPagination(p: {
  page: number;
  pageSize: number;
  total: number | undefined;
  /** 笔, 位客户, 个订单 …, or the whole text of the count. */
  unit: string | ((n: number) => string);
  onPage?: (page: number) => void;
}): TablePaginationConfig {
  const { unit } = p;
  return {
    current: p.page,
    pageSize: p.pageSize,
    total: p.total ?? 0,
    showSizeChanger: false,
    showTotal: typeof unit === 'function' ? unit : (n) => `共 ${n} ${unit}`,
    ...(p.onPage ? { onChange: p.onPage } : {}),
  };
}
