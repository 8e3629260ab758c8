import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { markReady } from '@yance/browser/ready';
import { onSessionEnd } from '@yance/browser/session-events';
import { queryClient } from '@/lib/query-client.ts';
import { startStaffSession } from '@/lib/staff-session.ts';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/routes.tsx';
import './app/global.css';

// Before the first call: the client sends and renews the staff token; when the session ends, nothing of it stays cached.
startStaffSession();
onSessionEnd(() => queryClient.clear());

function ReadyMark() {
  useEffect(markReady, []);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
      <ReadyMark />
    </AppProvider>
  </StrictMode>,
);
