import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { setNotifier } from '@yance/browser/notify';
import { usePrefersReducedMotion } from '@yance/browser/reduced-motion';
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

/** The console's theme; without motion for an operator who asks for less (usePrefersReducedMotion). */
export function AppProvider({ children }: { children: ReactNode }) {
  const still = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { colorPrimary: '#1677ff', borderRadius: 6, motion: !still } }), [still]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
