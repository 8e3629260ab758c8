import { Button } from 'antd';
import { useEffect, useState } from 'react';

/** When each countdown (by key) was started; kept across remounts so reopening a popup does not reset it. */
const startedAt = new Map<string, number>();

const remaining = (key: string, seconds: number) => {
  const at = startedAt.get(key);
  return at ? Math.max(0, seconds - Math.floor((Date.now() - at) / 1000)) : 0;
};

export interface CountdownButtonProps {
  /** Separate countdowns per purpose, e.g. "sms-0". */
  countdownKey: string;
  /** Returns true when the countdown should start (e.g. the code was sent). */
  onTrigger: () => Promise<boolean>;
  seconds?: number;
  label?: string;
  className?: string;
  size?: 'middle' | 'large';
}

/** A button that disables itself for a countdown after a successful press (spec §4: SMS code, 60 s). */
export function CountdownButton({ countdownKey, onTrigger, seconds = 60, label = '获取验证码', className, size }: CountdownButtonProps) {
  const [left, setLeft] = useState(() => remaining(countdownKey, seconds));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft(remaining(countdownKey, seconds)), 1000);
    return () => window.clearTimeout(id);
  }, [left, countdownKey, seconds]);

  const press = async () => {
    setBusy(true);
    try {
      if (await onTrigger()) {
        startedAt.set(countdownKey, Date.now());
        setLeft(seconds);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className={className} size={size} disabled={left > 0} loading={busy} onClick={() => void press()} style={{ minWidth: 112 }}>
      {left > 0 ? `${left}s后重新获取` : label}
    </Button>
  );
}
