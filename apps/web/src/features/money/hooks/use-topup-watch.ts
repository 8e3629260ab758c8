import type { TopupEntry } from '@yance/contracts/topup';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MONEY_KEY } from '@/lib/query-keys.ts';
import { useTopupByNo } from '../api/topups.ts';

export type TopupWatch =
  | { status: 'waiting'; topup: TopupEntry | null }
  | { status: 'credited'; topup: TopupEntry }
  /** Closed or rejected: it will not be credited. */
  | { status: 'ended'; topup: TopupEntry }
  /** Still pending when the watch gave up (the gateway's callback may come later). */
  | { status: 'timeout'; topup: TopupEntry | null };

/**
 * Watches one top-up until it is credited: after a gateway's return
 * (?topup=TU…) or while a QR code waits to be scanned. Polls every two
 * seconds; gives up after `giveUpMs` (null: never, while the caller shows it).
 * Once credited, the balance, statement and lists are read again.
 */
export function useTopupWatch(no: string | null, giveUpMs: number | null): TopupWatch {
  const queryClient = useQueryClient();
  // Which number the watch gave up on: a new number starts a new watch without resetting state in an effect.
  const [gaveUpOn, setGaveUpOn] = useState<string | null>(null);
  const gaveUp = no !== null && gaveUpOn === no;
  const topup = useTopupByNo(no, no !== null && !gaveUp).data ?? null;

  useEffect(() => {
    if (no === null || giveUpMs === null) return;
    const timer = setTimeout(() => setGaveUpOn(no), giveUpMs);
    return () => clearTimeout(timer);
  }, [no, giveUpMs]);

  const credited = topup?.state === 'credited';
  useEffect(() => {
    if (credited) void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
  }, [credited, queryClient]);

  if (topup?.state === 'credited') return { status: 'credited', topup };
  if (topup && topup.state !== 'pending') return { status: 'ended', topup };
  return gaveUp ? { status: 'timeout', topup } : { status: 'waiting', topup };
}
