import { message } from 'antd';
import { useEffect } from 'react';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { setNotifier } from '@yance/browser/notify';

/**
 * Plugs antd's message API (with theme context) into lib/notify, the app's one
 * toast channel. Deliberately not antd's <App>: it drags the modal and
 * notification code into every page; call notify.* instead of App.useApp().
 * Loaded with the first toast (ToastHost), so the first screen carries none of it.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({ error: (t) => void api.error(t), success: (t) => void api.success(t), warning: (t) => void api.warning(t) });
  }, [api]);
  return <AntdScope>{holder}</AntdScope>;
}
