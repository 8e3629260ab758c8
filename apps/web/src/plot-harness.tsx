import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { DataPlot } from '@/features/data-plot/components/lazy-data-plot.tsx';
import type { PlotFile } from '@/features/data-plot/components/types.ts';
import { Panel } from '@/components/panel.tsx';
import './styles/global.css';

/**
 * The data plot on a page of its own, for the bench and the e2e spec only:
 * built by vite.plot-harness.config.ts into a folder they serve themselves,
 * never by the app's build (ADR 0042). ?files=a.xy,b.csv names files under
 * data/, which that build writes beside the page.
 */
function Harness() {
  const files = useMemo<PlotFile[]>(() => {
    const names = (new URLSearchParams(window.location.search).get('files') ?? 'xrd-100k.xy').split(',').filter(Boolean);
    return names.map((name, i) => ({
      id: name,
      name,
      sampleNo: `S${i + 1}`,
      load: async () => {
        const res = await fetch(`data/${encodeURIComponent(name)}`);
        if (!res.ok) throw new Error(`文件下载失败（${res.status}）`);
        return res.blob();
      },
    }));
  }, []);
  return (
    <main style={{ maxWidth: 1000, margin: '16px auto', padding: '0 12px' }}>
      <Panel title="检测数据">
        <DataPlot files={files} title="检测数据图" />
      </Panel>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AntdScope>
      <Harness />
    </AntdScope>
  </StrictMode>,
);
