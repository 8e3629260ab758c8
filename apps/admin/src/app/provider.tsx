import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '@yance/browser/notify';
import { queryClient } from '@/lib/query-client.ts';
import '@/lib/time.ts';

/** Plugs antd's message (with the theme) into the shared toast channel the api client reports failures through. */
function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setNotifier({ error: (t) => void message.error(t), success: (t) => void message.success(t), warning: (t) => void message.warning(t) });
  }, [message]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <App>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
