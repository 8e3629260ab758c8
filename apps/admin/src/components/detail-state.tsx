import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isNotFound } from '@yance/browser/api-client';
import { LoadError } from './load-error.tsx';

export interface Missing {
  title: string;
  subTitle: string;
  /** The list to go back to, and the button's words. */
  to: string;
  back: string;
}

/**
 * What one object's page shows until its data is there: 404 for a bad id or
 * an object out of the staff member's reach, the load error with a retry, a
 * spinner; then the page itself.
 */
export function DetailState<T>({
  valid,
  q,
  missing,
  children,
}: {
  valid: boolean;
  q: UseQueryResult<T>;
  missing: Missing;
  children: (data: T) => ReactNode;
}) {
  if (!valid || (q.isError && isNotFound(q.error)))
    return (
      <Result
        status="404"
        title={missing.title}
        subTitle={missing.subTitle}
        extra={
          <Link to={missing.to}>
            <Button type="primary">{missing.back}</Button>
          </Link>
        }
      />
    );
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return children(q.data);
}

/** A detail query retries a failure once more, but never a 404 (it will not appear). */
export const retryUnlessMissing = (n: number, e: Error) => !isNotFound(e) && n < 2;
