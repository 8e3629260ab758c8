import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '@/lib/notify.ts';
import { theme } from './theme.ts';

/**
 * Plugs antd's message API (with theme context) into lib/notify, the app's one
 * toast channel. Deliberately not antd's <App>: it drags the modal and
 * notification code (~35 kB gzip) into every page; call notify.* instead of App.useApp().
 */
function NotifierBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({ error: (t) => void api.error(t), success: (t) => void api.success(t), warning: (t) => void api.warning(t) });
  }, [api]);
  return holder;
}

/** antd's locale and theme, the toast bridge and the query cache (the browser's one client, or the server render's own). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <NotifierBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
