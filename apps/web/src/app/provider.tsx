import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '@/lib/notify.ts';
import { queryClient } from '@/lib/query-client.ts';
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
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
