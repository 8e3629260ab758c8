import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { isToastWanted, onToastWanted } from '@yance/browser/notify';

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

/**
 * The toast host and the query cache (the browser's one client, or the server
 * render's own). antd's locale and theme are not here: what shows antd wraps
 * itself in AntdScope (ADR 0029).
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <>
      <ToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </>
  );
}
