import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';

/** The file a member keeps: the codes, one a line, with what they are for. */
function codesText(account: string, codes: readonly string[]): string {
  return [`研测运营后台 · 账号 ${account} 的恢复码`, '每个恢复码只能使用一次，可在手机丢失时代替动态验证码登录。', '', ...codes, ''].join(
    '\n',
  );
}

/**
 * The 10 recovery codes, shown this once (the server keeps only their
 * hashes): copy or download them, then say they are saved before going on.
 */
export function RecoveryCodes({
  account,
  codes,
  onDone,
  doneText,
}: {
  account: string;
  codes: readonly string[];
  onDone: () => void;
  doneText: string;
}) {
  const { message } = App.useApp();
  const [saved, setSaved] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(account, codes));
      void message.success('已复制恢复码');
    } catch {
      void message.warning('浏览器不允许复制，请下载或手动抄写');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(account, codes)], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `yance-recovery-codes-${account}.txt` });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title="请立即保存恢复码"
        description="恢复码只显示这一次。手机丢失或换机时，可用其中任意一个代替动态验证码登录，每个只能用一次。"
        style={{ marginBottom: 16 }}
      />
      <ol
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: '8px 16px',
          padding: '12px 12px 12px 36px',
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          复制
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          下载 .txt
        </Button>
      </Space>
      <div style={{ marginBottom: 16 }}>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
          我已将恢复码保存在安全的地方
        </Checkbox>
      </div>
      <Button type="primary" block disabled={!saved} onClick={onDone}>
        {doneText}
      </Button>
      {!saved && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
          勾选“我已将恢复码保存在安全的地方”后继续。
        </Typography.Paragraph>
      )}
    </>
  );
}
