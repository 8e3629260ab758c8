import { Card, Empty, Grid, Pagination, Spin, Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import { isValidElement, useState, type Key, type ReactNode } from 'react';

/**
 * The console's and the storefront's lists (issue 21): a table on a wide screen; on a phone (below
 * antd's md, 768 px) each row becomes a card — every column a line of its own,
 * 操作 at the card's foot — so nothing scrolls sideways and no button is off
 * screen, as the storefront's lists do. Takes antd Table's props; a table with
 * row selection or expandable rows stays a table.
 */
export function ListTable<T extends object>(props: TableProps<T>) {
  // Unknown (the first render, before the media queries answer) counts as wide: a desktop never flashes cards.
  const narrow = Grid.useBreakpoint().md === false;
  if (!narrow || props.rowSelection || props.expandable) return <Table<T> {...props} />;
  return <CardList {...props} />;
}

type Column<T> = ColumnType<T> | ColumnGroupType<T>;

/** The leaf columns in order (a group's children in its place), without those hidden on a phone (responsive without xs). */
function leaves<T>(columns: readonly Column<T>[] = []): ColumnType<T>[] {
  return columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c as ColumnType<T>]));
}

const isActions = <T,>(c: ColumnType<T>) => c.title === '操作' || c.key === 'actions' || c.key === 'act' || c.key === 'action';

function valueAt(row: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined), row);
}

/** What a column shows for a row, as the table would (a render's cell object gives its children). */
function cellOf<T extends object>(c: ColumnType<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, c.dataIndex as ColumnType<object>['dataIndex']);
  const out = c.render ? c.render(value, row, index) : (value as ReactNode);
  if (out && typeof out === 'object' && !isValidElement(out) && 'children' in (out as object))
    return (out as { children: ReactNode }).children;
  return out as ReactNode;
}

function keyOf<T extends object>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index) as Key;
  const v = valueAt(row, (rowKey as string | undefined) ?? 'key');
  return (v as Key | undefined) ?? index;
}

const titleText = (title: ColumnType<object>['title']): ReactNode => (typeof title === 'function' ? null : (title as ReactNode));

function CardList<T extends object>(props: TableProps<T>) {
  const columns = leaves(props.columns as Column<T>[] | undefined).filter((c) => !c.responsive || c.responsive.includes('xs'));
  const fields = columns.filter((c) => !isActions(c));
  const actions = columns.filter(isActions);
  const rows = [...(props.dataSource ?? [])];
  const pagination = props.pagination === false ? false : ((props.pagination ?? {}) as TablePaginationConfig);
  // A list paged in the browser (no total from the server) is cut here as the table would; a server's page is shown as it came.
  const [localPage, setLocalPage] = useState(1);
  const pageSize = pagination ? (pagination.pageSize ?? 10) : rows.length;
  const current = pagination ? (pagination.current ?? localPage) : 1;
  const serverPaged = pagination && pagination.total !== undefined && pagination.total > rows.length;
  const shown = !pagination || serverPaged ? rows : rows.slice((current - 1) * pageSize, current * pageSize);
  const loading = typeof props.loading === 'object' ? props.loading.spinning : props.loading;
  const empty = props.locale?.emptyText;

  return (
    <Spin spinning={!!loading}>
      <div style={{ display: 'grid', gap: 12 }} data-testid="list-cards">
        {shown.length === 0 && !loading && (typeof empty === 'function' ? empty() : (empty ?? <Empty />))}
        {shown.map((row) => {
          const index = rows.indexOf(row);
          return (
            <Card key={keyOf(props.rowKey, row, index)} size="small" data-testid="list-card">
              <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(64px, max-content) 1fr', gap: '6px 12px' }}>
                {fields.map((c, j) => (
                  <div key={String(c.key ?? c.dataIndex ?? j)} style={{ display: 'contents' }}>
                    <dt>
                      <Typography.Text type="secondary">{titleText(c.title as ColumnType<object>['title'])}</Typography.Text>
                    </dt>
                    <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{cellOf(c, row, index)}</dd>
                  </div>
                ))}
              </dl>
              {actions.length > 0 && (
                <div style={{ marginTop: 10, paddingTop: 10, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid="list-card-actions">
                  {actions.map((c, j) => (
                    <div key={String(c.key ?? j)}>{cellOf(c, row, index)}</div>
                  ))}
                </div>
              )}
            </Card>
          );
        })}
      </div>
      {pagination && (pagination.total ?? rows.length) > pageSize && (
        <Pagination
          size="small"
          simple
          style={{ marginTop: 12, justifyContent: 'center' }}
          current={current}
          pageSize={pageSize}
          total={pagination.total ?? rows.length}
          showTotal={pagination.showTotal}
          onChange={(page, size) => {
            setLocalPage(page);
            pagination.onChange?.(page, size);
            props.onChange?.({ ...pagination, current: page, pageSize: size }, {}, [], { action: 'paginate', currentDataSource: rows });
          }}
        />
      )}
    </Spin>
  );
}
