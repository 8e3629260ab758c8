import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState, type ReactNode } from 'react';
import { setNotifier } from '@/lib/notify.ts';
import { theme } from './theme.ts';

/** Plugs antd's message API (with theme context) into the api client's notifier. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({ error: (t) => void message.error(t), success: (t) => void message.success(t), warning: (t) => void message.warning(t) });
  }, [message]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
