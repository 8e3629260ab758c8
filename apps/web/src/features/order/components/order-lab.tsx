// The lab's work as the customer sees it (ADR 0041): test records per sample,
// reviewed result files (downloaded with the session's token, never a public
// link), the final amount after 补差价/退差价, and the free retest.
import type { ResultFile } from '@yance/contracts/lab';
import type { OrderDetail } from '@yance/contracts/order';
import { SAMPLE_STATE_NAMES, type SampleState } from '@yance/contracts/sample-states';
import { SAMPLE_STATE_COLORS } from '@yance/browser/state-colors';
import { Button, Input, Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { clientSession } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { useRetest } from '../api/orders.ts';
import { formatTime } from '@/lib/format.ts';
import { DataPlot, isPlottableName, type PlotFile } from '@/features/data-plot/index.ts';
import { Panel } from '@/components/panel.tsx';
import styles from './orders.module.css';

export const SampleStateTag = ({ state }: { state: SampleState }) => (
  <Tag color={SAMPLE_STATE_COLORS[state]} data-testid="sample-state">
    {SAMPLE_STATE_NAMES[state]}
  </Tag>
);

/**
 * A result file's bytes through the authenticated call (the `token` header):
 * what the download button saves, and what a viewer reads as text.
 */
export async function fetchResultFile(file: Pick<ResultFile, 'download'>): Promise<Blob> {
  const token = await clientSession.token();
  const res = await clientSession.fetch(new URL(file.download, clientSession.origin()), { headers: token ? { token } : {} });
  if (!res.ok) throw new Error(res.status === 404 ? '文件不存在' : '下载失败，请稍后再试');
  return res.blob();
}

async function saveResult(file: ResultFile) {
  try {
    const href = URL.createObjectURL(await fetchResultFile(file));
    const a = document.createElement('a');
    a.href = href;
    a.download = file.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch (err) {
    notify.error((err as Error).message);
  }
}

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** 检测记录: what was run on each sample, by whom and when. */
export function TestRecordsCard({ order }: { order: OrderDetail }) {
  if (!order.testRecords.length) return null;
  return (
    <Panel title="检测记录" testId="test-records">
      <ul className={styles.rows}>
        {order.testRecords.map((r) => (
          <li key={r.id} className={styles.row}>
            <div className={styles.rowMain}>
              <strong>
                {r.instrument} <span className={styles.sampleNo}>{r.sampleNo}</span>
              </strong>
              <span className={styles.muted}>
                {r.sampleName} · 测试人 {r.operator} · {formatTime(r.testedAt)}
              </span>
              {r.conditions && <p className={styles.note}>测试条件：{r.conditions}</p>}
              {r.note && <p className={styles.note}>备注：{r.note}</p>}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * The reviewed files that read as two-column data (.xy, .csv, .txt …), each
 * loaded through the signed-in call when the plot asks for it.
 */
function usePlotFiles(files: readonly ResultFile[]): PlotFile[] {
  return useMemo(
    () =>
      files
        .filter((f) => isPlottableName(f.name))
        .map((f) => ({ id: f.id, name: f.name, sampleNo: f.sampleNo ?? undefined, load: () => fetchResultFile(f) })),
    [files],
  );
}

/** 结果文件: reviewed files only, each downloaded through the signed-in call; data files also open as one plot. */
export function ResultFilesCard({ order }: { order: OrderDetail }) {
  const plotFiles = usePlotFiles(order.files);
  if (!order.files.length) return null;
  return (
    <>
      {plotFiles.length > 0 && (
        <Panel title="数据图" testId="data-plot">
          <DataPlot files={plotFiles} title={`订单 ${order.no} 检测数据`} />
        </Panel>
      )}
      <ResultFilesList order={order} />
    </>
  );
}

function ResultFilesList({ order }: { order: OrderDetail }) {
  return (
    <Panel title="结果文件" testId="result-files">
      <ul className={styles.rows}>
        {order.files.map((f) => (
          <li key={f.id} className={styles.row}>
            <div className={styles.rowMain}>
              <strong>{f.name}</strong>
              <span className={styles.muted}>
                {f.sampleNo ?? '整个订单'} · {sizeText(f.size)} · {formatTime(f.uploadedAt)}
              </span>
            </div>
            <Button onClick={() => void saveResult(f)} data-testid="download-file">
              下载
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** 金额调整: the final amount and each 补差价/退差价 with its reason. */
export function AdjustmentsCard({ order }: { order: OrderDetail }) {
  if (!order.adjustments.length) return null;
  return (
    <Panel title="金额调整">
      <ul className={styles.rows}>
        {order.adjustments.map((a) => (
          <li key={a.id} className={styles.row}>
            <div className={styles.rowMain}>
              <strong>
                {a.amount_fen > 0 ? '补差价' : '退差价'} {formatFen(Math.abs(a.amount_fen))}
              </strong>
              <span className={styles.muted}>
                {a.reason} · {formatTime(a.at)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className={styles.totalRow}>
        <span>最终金额</span>
        <strong data-testid="final-amount">{order.final_fen === null ? '待报价' : formatFen(order.final_fen)}</strong>
      </div>
    </Panel>
  );
}

/** 免费复测: within 15 days of delivery, once; after asking, what was asked. */
export function RetestCard({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const retest = useRetest();
  const r = order.retest;
  if (!r.requestedAt && !r.canRequest) return null;
  return (
    <Panel title="免费复测" testId="retest">
      {r.requestedAt ? (
        <p className={styles.muted}>
          已于 {formatTime(r.requestedAt)} 申请复测：{r.reason}。实验室会与您联系。
        </p>
      ) : (
        <>
          <p className={styles.muted}>对数据有疑问？交付后15天内可申请一次免费复测（截止 {formatTime(r.until!)}）。</p>
          <Button onClick={() => setOpen(true)}>申请免费复测</Button>
        </>
      )}
      <Modal
        open={open}
        title="申请免费复测"
        okText="提交"
        cancelText="取消"
        okButtonProps={{ disabled: !reason.trim() }}
        confirmLoading={retest.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => retest.mutate({ id: order.id, reason: reason.trim() }, { onSuccess: () => setOpen(false) })}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="请说明复测原因（必填）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Panel>
  );
}
