import { Alert } from 'antd';
import { ApiError } from '@yance/browser/api-client';
import styles from './auth-dialog.module.css';

/** A failed login, register or reset: an alert with the server's msg inside the popup (spec §8). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof ApiError ? error.message : '操作失败，请稍后再试';
  return <Alert className={styles.alert} type="error" showIcon title={text} role="alert" />;
}
