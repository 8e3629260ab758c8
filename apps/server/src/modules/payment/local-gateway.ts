// The local payment provider (ADR 0050): the default, so the whole online
// top-up runs on one machine. Its "gateway" is a page of this app
// (/pay/local/:no/:key) that shows the trade and, on 确认支付, posts a callback
// signed with HMAC-SHA256 under PAYMENT_LOCAL_SECRET — the same path and the
// same checks a real gateway's callback goes through. The page's key is an
// HMAC of the trade number under the same secret, so knowing a (sequential)
// number does not open another customer's cashier. Production refuses it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GatewaySignatureError, type CallbackInput, type PaymentGateway, type PaymentNotice, type PaymentRequest } from './gateway.ts';

/** The fields a local callback carries, in the order they are signed. */
export interface LocalCallbackFields {
  out_trade_no: string;
  trade_no: string;
  amount_fen: string;
  sign: string;
}

const canonical = (f: Omit<LocalCallbackFields, 'sign'>) =>
  `amount_fen=${f.amount_fen}&out_trade_no=${f.out_trade_no}&trade_no=${f.trade_no}`;

/** base64url characters of a cashier page's key (192 bits). */
const PAGE_KEY_LENGTH = 32;

export interface LocalGateway extends PaymentGateway {
  /** The signed callback the payment page posts for this trade and amount (a new gateway trade number each time). */
  signedCallback(outTradeNo: string, amountFen: number): LocalCallbackFields;
  /** The cashier page's address for this trade: /pay/local/<no>/<key>. */
  pagePath(outTradeNo: string): string;
  /** Whether key is this trade's page key (compared in constant time). */
  isPageKey(outTradeNo: string, key: string): boolean;
}

export const isLocalGateway = (g: PaymentGateway): g is LocalGateway => g.name === 'local' && 'signedCallback' in g;

export function createLocalGateway(secret: string): LocalGateway {
  const sign = (f: Omit<LocalCallbackFields, 'sign'>) => createHmac('sha256', secret).update(canonical(f)).digest('base64url');
  // A label of its own: a page key is never a callback's signature (those sign "amount_fen=…").
  const pageKey = (no: string) => createHmac('sha256', secret).update(`cashier-page:${no}`).digest('base64url').slice(0, PAGE_KEY_LENGTH);
  const pagePath = (no: string) => `/pay/local/${encodeURIComponent(no)}/${pageKey(no)}`;
  return {
    name: 'local',
    ack: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
    start: (req: PaymentRequest) => Promise.resolve({ kind: 'redirect', url: pagePath(req.outTradeNo) }),
    pagePath,
    isPageKey(no, key) {
      const given = Buffer.from(key);
      const expected = Buffer.from(pageKey(no));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    signedCallback(outTradeNo, amountFen) {
      const fields = { out_trade_no: outTradeNo, trade_no: `LP${randomBytes(10).toString('hex')}`, amount_fen: String(amountFen) };
      return { ...fields, sign: sign(fields) };
    },
    verifyCallback(input: CallbackInput): Promise<PaymentNotice | null> {
      const form = new URLSearchParams(input.rawBody);
      const f = {
        out_trade_no: form.get('out_trade_no') ?? '',
        trade_no: form.get('trade_no') ?? '',
        amount_fen: form.get('amount_fen') ?? '',
      };
      const given = Buffer.from(form.get('sign') ?? '');
      const expected = Buffer.from(sign(f));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return Promise.reject(new GatewaySignatureError());
      if (!/^[1-9]\d{0,9}$/.test(f.amount_fen) || !f.out_trade_no || !f.trade_no)
        return Promise.reject(new GatewaySignatureError('malformed callback'));
      return Promise.resolve({ outTradeNo: f.out_trade_no, gatewayTradeNo: f.trade_no, amountFen: Number(f.amount_fen) });
    },
  };
}
