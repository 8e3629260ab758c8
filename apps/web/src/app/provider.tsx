import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { registerSessionCleanup } from '@/features/auth/session.ts';
import { setTokenSource } from '@/lib/api-client.ts';
import { setNotifier } from '@/lib/notify.ts';
import { queryClient } from '@/lib/query-client.ts';
import { tokenStore } from '@/lib/token-store.ts';
import { theme } from './theme.ts';

// Before any loader runs: the api client reads and renews the stored token, and the user's data goes when the session ends.
setTokenSource(tokenStore);
registerSessionCleanup();

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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <NotifierBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
