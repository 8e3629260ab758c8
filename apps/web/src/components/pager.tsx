import { Pagination } from 'antd';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What one of the things counted is called, for "共 N 项"; no total shown without it. */
  unit?: string;
}

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
      onChange={onChange}
    />
  );
}
