import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES build of the locale: antd/locale/zh_CN is CommonJS and drags antd/lib and rc-picker/lib copies in.
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { isToastWanted, onToastWanted } from '@/lib/notify.ts';
import { theme } from './theme.ts';

const ToastBridge = lazy(() => import('./toast-bridge.tsx').then((m) => ({ default: m.ToastBridge })));

/** Mounts the toast bridge once something wants to show a toast (lib/notify queues it meanwhile). */
function ToastHost() {
  const wanted = useSyncExternalStore(onToastWanted, isToastWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastBridge />
    </Suspense>
  ) : null;
}

/** antd's locale and theme, the toast host and the query cache (the browser's one client, or the server render's own). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <ToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
