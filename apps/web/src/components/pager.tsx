import { Pagination, type PaginationProps } from 'antd';
import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement } from 'react';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What one of the things counted is called, for "共 N 项"; no total shown without it. */
  unit?: string;
}

/** antd's arrow buttons are named by their icons ("left", "right"); a screen reader should hear what they do. */
const ARROW_NAMES: Partial<Record<Parameters<NonNullable<PaginationProps['itemRender']>>[1], string>> = {
  prev: '上一页',
  next: '下一页',
  'jump-prev': '向前 5 页',
  'jump-next': '向后 5 页',
};

const itemRender: PaginationProps['itemRender'] = (_page, type, original) => {
  const name = ARROW_NAMES[type];
  return name && isValidElement(original)
    ? cloneElement(original as ReactElement<HTMLAttributes<HTMLElement>>, { 'aria-label': name, title: name })
    : original;
};

/** The centred page switcher under a list; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange, unit }: PagerProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className={styles.pager}
      align="center"
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      showTotal={unit ? (t) => `共 ${t} ${unit}` : undefined}
      itemRender={itemRender}
      onChange={onChange}
    />
  );
}
