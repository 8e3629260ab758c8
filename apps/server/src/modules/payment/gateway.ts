/**
 * Online payment gateways (issue 10, ADR 0050): one interface, a provider per
 * gateway. The local provider (the default) serves its own payment page and
 * posts a signed callback, so a top-up runs on one machine; Alipay and WeChat
 * Pay are chosen by configuration. A provider only speaks its gateway's
 * protocol: it never touches the ledger. The payment service records the
 * trade, and a verified callback credits it once.
 */
import type { GatewayKey } from '@yance/contracts/ledger';

export type GatewayName = 'local' | 'alipay' | 'wechat';

/** A trade to start: our number, the amount in fen and where the gateway answers. */
export interface PaymentRequest {
  /** Our trade number (unique; the callback names it back). */
  outTradeNo: string;
  amountFen: number;
  /** What the payer sees, e.g. "研测预存充值". */
  subject: string;
  /** Absolute URL the gateway posts its callback to. */
  notifyUrl: string;
  /** Absolute URL the payer's browser returns to (page gateways). */
  returnUrl: string;
  /** The trade closes at this time if unpaid. */
  expiresAt: Date;
}

/** How the payer goes on: open a page, or scan a code (WeChat Native). */
export type PaymentStart = { kind: 'redirect'; url: string } | { kind: 'qr'; codeUrl: string };

/** A verified callback that says the trade was paid. */
export interface PaymentNotice {
  outTradeNo: string;
  /** The gateway's own trade number. */
  gatewayTradeNo: string;
  /** What the gateway says was paid, in fen (checked against the trade). */
  amountFen: number;
}

/** A callback as it arrived: header names in lower case, the body exactly as sent. */
export interface CallbackInput {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/** A callback whose signature (or decryption) does not verify. */
export class GatewaySignatureError extends Error {
  constructor(message = 'callback signature does not verify') {
    super(message);
    this.name = 'GatewaySignatureError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Creates the trade at the gateway (or builds its signed page URL). */
  start(req: PaymentRequest): Promise<PaymentStart>;
  /**
   * Verifies the callback's signature and reads it. Throws GatewaySignatureError
   * when it does not verify; answers null for a genuine notice that is not a
   * payment (e.g. Alipay's WAIT_BUYER_PAY, a closed trade).
   */
  verifyCallback(input: CallbackInput): Promise<PaymentNotice | null>;
  /** The HTTP answer the gateway expects once a callback is handled (it retries otherwise). */
  readonly ack: { status: number; contentType: string; body: string };
}

/** The gateways this app offers, by name (built once per app from PAYMENT_GATEWAYS). */
export type Gateways = ReadonlyMap<GatewayKey, PaymentGateway>;
