import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { urlOf } from '@yance/contracts/route';
import { shopRoutes } from '@yance/contracts/shop-routes';

/**
 * The local gateway's trade: amount, subject, expiry, where to return, and its
 * signed callback (while unpaid). key is the page's, from its address.
 */
export const useLocalTrade = (no: string, key: string) =>
  useQuery({
    queryKey: ['local-pay', no, key],
    // The page says it itself (支付单不存在): no toast on top.
    queryFn: ({ signal }) => call('payLocalInfo', { query: { no, key } }, { signal, feedback: false }),
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * Posts the signed callback as the gateway would (form-encoded, to
 * /api/open/pay/notify/local). The gateway's answer is the text "success";
 * anything else is a refusal, said in one line.
 */
export async function postLocalCallback(fields: Record<string, string>): Promise<void> {
  let res: Response;
  try {
    res = await fetch(urlOf(shopRoutes.payNotifyLocal), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new Error('网络异常，支付结果未送达，请稍后重试');
  }
  const text = (await res.text().catch(() => '')).trim();
  if (res.status === 200 && text === 'success') return;
  throw new Error(`支付未成功（${res.status}${text && text.length <= 40 ? ` ${text}` : ''}），请返回后重新发起支付`);
}
