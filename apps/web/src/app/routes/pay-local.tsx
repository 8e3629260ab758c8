import { useParams } from 'react-router';
import { LocalCashier } from '@/features/money/components/local-cashier.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/**
 * /pay/local/:no/:key — the local payment gateway's cashier (ADR 0050);
 * browser-only, no login needed (a gateway's page), but only with the key the
 * server put in the address: the trade number alone opens nothing.
 */
export function Component() {
  useDocumentTitle('研测本地支付');
  const { no = '', key = '' } = useParams();
  return <LocalCashier key={`${no}/${key}`} no={no} pageKey={key} />;
}
