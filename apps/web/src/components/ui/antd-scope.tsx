import { ConfigProvider } from 'antd';
// The ES build of the locale: antd/locale/zh_CN is CommonJS and drags antd/lib and rc-picker/lib copies in.
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '@yance/browser/reduced-motion';
import { theme } from './theme.ts';

/**
 * antd's locale and theme around what shows antd components (ADR 0029): the
 * pages under app/routes/with-antd.tsx, and each popup or menu that the
 * layout or the home page loads on use. Not at the root: the home page's
 * first screen is plain HTML and CSS, and ConfigProvider with its style
 * engine is ~30 kB gzip it does not need. Without motion for a visitor who
 * asks for less (usePrefersReducedMotion).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const still = usePrefersReducedMotion();
  const themed = useMemo(() => (still ? { ...theme, token: { ...theme.token, motion: false } } : theme), [still]);
  return (
    <ConfigProvider locale={zhCN} theme={themed} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
