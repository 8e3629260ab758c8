import { Checkbox, Form } from 'antd';
import { paths } from '@/config/paths.ts';
import styles from './auth-dialog.module.css';

/**
 * The consent box (PIPL) of every form that may create an account: register
 * and the WeChat phone binding. Unticked to start; the documents open in a new
 * tab so the form keeps what was typed.
 */
export function ConsentField() {
  return (
    <Form.Item name="agree" valuePropName="checked" className={styles.agree}>
      <Checkbox>
        我已阅读并同意
        <a href={paths.license()} target="_blank" rel="noopener noreferrer">
          《用户协议》
        </a>
        和
        <a href={paths.policy()} target="_blank" rel="noopener noreferrer">
          《隐私政策》
        </a>
      </Checkbox>
    </Form.Item>
  );
}
