import { useParams } from 'react-router';
import { LocalCashier } from '@/features/money/components/local-cashier.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /pay/local/:no — the local payment gateway's cashier (ADR 0050); browser-only, no login needed (a gateway's page). */
export function Component() {
  useDocumentTitle('研测本地支付');
  const { no = '' } = useParams();
  return <LocalCashier key={no} no={no} />;
}
