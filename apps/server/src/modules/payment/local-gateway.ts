// The local payment provider (ADR 0050): the default, so the whole online
// top-up runs on one machine. Its "gateway" is a page of this app
// (/pay/local/:no) that shows the trade and, on 确认支付, posts a callback
// signed with HMAC-SHA256 under PAYMENT_LOCAL_SECRET — the same path and the
// same checks a real gateway's callback goes through. Production refuses it.
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

export interface LocalGateway extends PaymentGateway {
  /** The signed callback the payment page posts for this trade and amount (a new gateway trade number each time). */
  signedCallback(outTradeNo: string, amountFen: number): LocalCallbackFields;
}

export const isLocalGateway = (g: PaymentGateway): g is LocalGateway => g.name === 'local' && 'signedCallback' in g;

export function createLocalGateway(secret: string): LocalGateway {
  const sign = (f: Omit<LocalCallbackFields, 'sign'>) => createHmac('sha256', secret).update(canonical(f)).digest('base64url');
  return {
    name: 'local',
    ack: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
    start: (req: PaymentRequest) => Promise.resolve({ kind: 'redirect', url: `/pay/local/${encodeURIComponent(req.outTradeNo)}` }),
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
