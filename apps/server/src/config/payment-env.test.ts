import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { missingPaymentEnv, paymentEnv, paymentEnvProblems, readRsaPrivateKey, readRsaPublicKey } from './payment-env.ts';

const schema = z.object(paymentEnv);
const parse = (env: Record<string, string | undefined>) => schema.parse(env);
const problems = (env: Record<string, string | undefined>) => {
  const result = schema.safeParse(env);
  return result.success ? '' : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const spki = publicKey.export({ type: 'spki', format: 'pem' }).toString();
/** The gateway's own key pair: its public key is what ALIPAY_PUBLIC_KEY holds. */
const gatewaySpki = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
/** What a one-line .env value or a secret store holds: the PEM with literal backslash-n. */
const escaped = (pem: string) => pem.trim().replace(/\n/g, '\\n');
/** What the Alipay key tool shows: the base64 body alone. */
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** A self-signed RSA certificate (a WeChat Pay platform certificate has this form). */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDJTCCAg2gAwIBAgIUD3bUJ4wE13WEGPifrBKlzA1uJ6gwDQYJKoZIhvcNAQEL
BQAwITEfMB0GA1UEAwwWeWFuY2UgcGF5bWVudC1lbnYgdGVzdDAgFw0yNjExMjUw
ODE5MDdaGA8yMTI2MTEwMTA4MTkwN1owITEfMB0GA1UEAwwWeWFuY2UgcGF5bWVu
dC1lbnYgdGVzdDCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAIzkXtTh
80MZ/hKSwaBrlZnsc74fw0EpePz5YXNrVVKrbxiGaXLcP+QwWwgHaG/yzB7SK6/P
UDi64JaxRbdaTN2Y0L4so2ViH0UUz5z/Gnv4B19S/jkVD57bHEyv5cfpba57z4RB
dnxuyPDanaOjCSydXoIwk1EJvGwgL86tz0blYCjJLVV48lghqtQbvIsa+Kp1tN4Y
btVFrWv9+oh+2fs4kZw8cLy5+O6EEP7meJiGXsXHOMvRNhbDg9qgn0MMqJgogrHk
K9/lsySs+wFjlb0wajul2/VQ0IUxNeoRd13n4PF2B7CJkcNjGYRXHFeatkVPMeAz
9JpRZ7hUUB+9e0sCAwEAAaNTMFEwHQYDVR0OBBYEFEJW9NElmNLLqQDqXaEqCyhn
7os1MB8GA1UdIwQYMBaAFEJW9NElmNLLqQDqXaEqCyhn7os1MA8GA1UdEwEB/wQF
MAMBAf8wDQYJKoZIhvcNAQELBQADggEBAB7UDxLC6n2Bduqv9JDAKOeNWOs8sjZq
5lUbPt9PrVRycLbrC92q53/WumLuq3EbZ6DZ0XsrA1vPdT8hca3OiFNYZM8HwBu/
5k+EcRAHFlxvJFd5ikof5dxiOgw0kDxDvk+E7BuA8iM4V48T+O79H0IVwo3LC+kY
rFhStW5ECmHFlJoL851QF8G3Yaqlvj/0Wm55JupbA9mVWNjRvT5EA5Fx6UzSkqqF
SR0FJhmyOfjstU1e94fODfCGjaph64HN3U5RslmdSXZUAiuvNEfNNrUp/RAQAOCC
HFLOC7DQVv8/cRIFEmEUnbSbsC9JlqUfbiUAT3HFerK/dxyjkxjnWpo=
-----END CERTIFICATE-----`;

describe('PAYMENT_GATEWAYS', () => {
  it('is the local gateway alone unless configured, and then needs nothing', () => {
    const env = parse({});
    expect(env.PAYMENT_GATEWAYS).toEqual(['local']);
    expect(missingPaymentEnv(env)).toEqual([]);
    expect(env.ALIPAY_GATEWAY).toBe('https://openapi.alipay.com/gateway.do');
    expect(env.WECHATPAY_BASE).toBe('https://api.mch.weixin.qq.com');
  });

  it('takes a comma list, each name once', () => {
    expect(parse({ PAYMENT_GATEWAYS: ' alipay, WeChat ,local,alipay' }).PAYMENT_GATEWAYS).toEqual(['alipay', 'wechat', 'local']);
  });

  it('refuses unknown names and an empty list', () => {
    expect(problems({ PAYMENT_GATEWAYS: 'alipay,paypal' })).toMatch(/^PAYMENT_GATEWAYS: .*unknown: paypal/);
    expect(problems({ PAYMENT_GATEWAYS: ' , ' })).toMatch(/^PAYMENT_GATEWAYS: a comma list of local, alipay, wechat/);
  });

  it('names what a chosen gateway lacks', () => {
    expect(missingPaymentEnv(parse({ PAYMENT_GATEWAYS: 'alipay', ALIPAY_APP_ID: '2021004112345678' }))).toEqual([
      'ALIPAY_PRIVATE_KEY',
      'ALIPAY_PUBLIC_KEY',
    ]);
    expect(missingPaymentEnv(parse({ PAYMENT_GATEWAYS: 'local,wechat', WECHATPAY_MCH_ID: '1900007291' }))).toEqual([
      'WECHATPAY_APP_ID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_SERIAL',
      'WECHATPAY_API_V3_KEY',
    ]);
    const complete = parse({
      PAYMENT_GATEWAYS: 'alipay,wechat',
      ALIPAY_APP_ID: '2021004112345678',
      ALIPAY_PRIVATE_KEY: escaped(pkcs1),
      ALIPAY_PUBLIC_KEY: bare(gatewaySpki),
      WECHATPAY_MCH_ID: '1900007291',
      WECHATPAY_APP_ID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: pkcs8,
      WECHATPAY_PLATFORM_PUBLIC_KEY: escaped(CERTIFICATE),
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000072912026112500111111111111',
      WECHATPAY_API_V3_KEY: 'a7cde1ABCDE1abcde1ABCDE1abcde1AB',
    });
    expect(missingPaymentEnv(complete)).toEqual([]);
    expect(paymentEnvProblems(complete)).toEqual([]);
  });

  it("finds our own public key where the gateway's belongs", () => {
    const env = parse({ PAYMENT_GATEWAYS: 'alipay,wechat', ALIPAY_PRIVATE_KEY: pkcs8, ALIPAY_PUBLIC_KEY: escaped(spki) });
    expect(paymentEnvProblems(env)).toEqual([expect.stringMatching(/^ALIPAY_PUBLIC_KEY is our application's own public key/)]);
    const wx = parse({ PAYMENT_GATEWAYS: 'wechat', WECHATPAY_PRIVATE_KEY: pkcs1, WECHATPAY_PLATFORM_PUBLIC_KEY: bare(spki) });
    expect(paymentEnvProblems(wx)).toEqual([expect.stringMatching(/^WECHATPAY_PLATFORM_PUBLIC_KEY is our merchant key's public half/)]);
    expect(paymentEnvProblems(parse({ ALIPAY_PRIVATE_KEY: pkcs8, ALIPAY_PUBLIC_KEY: spki }))).toEqual([]); // alipay not chosen
  });
});

describe('payment keys in the environment', () => {
  it('reads a private key as PEM (PKCS#8 or PKCS#1), with literal \\n escapes, or as bare base64, and keeps PKCS#8 PEM', () => {
    for (const input of [pkcs8, pkcs1, escaped(pkcs8), escaped(pkcs1), bare(pkcs8), bare(pkcs1), `  ${pkcs8.replace(/\n/g, '\r\n')}  `]) {
      expect(readRsaPrivateKey(input), input.slice(0, 40)).toBe(pkcs8);
    }
  });

  it('reads a public key as SPKI or PKCS#1 PEM, escaped, bare base64 or a certificate, and keeps SPKI PEM', () => {
    const rsaPublic = publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    for (const input of [spki, rsaPublic, escaped(spki), bare(spki), bare(rsaPublic)])
      expect(readRsaPublicKey(input), input.slice(0, 40)).toBe(spki);
    expect(readRsaPublicKey(CERTIFICATE)).toBe(createPublicKey(CERTIFICATE).export({ type: 'spki', format: 'pem' }).toString());
  });

  it('refuses what is not an RSA key of the right kind, with a clear line', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(readRsaPrivateKey('not a key')).toBeUndefined();
    expect(readRsaPrivateKey(ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBeUndefined();
    expect(readRsaPrivateKey(spki)).toBeUndefined();
    expect(readRsaPublicKey(ec.publicKey.export({ type: 'spki', format: 'pem' }).toString())).toBeUndefined();
    for (const mixUp of [pkcs8, pkcs1, escaped(pkcs8), bare(pkcs8), bare(pkcs1)]) expect(readRsaPublicKey(mixUp)).toBeUndefined(); // a private key where a public key belongs
    expect(problems({ ALIPAY_PRIVATE_KEY: 'MIIBOgIBAAJBAKj34GkxFhD9' })).toMatch(/^ALIPAY_PRIVATE_KEY: not an RSA private key/);
    expect(problems({ WECHATPAY_PLATFORM_PUBLIC_KEY: pkcs8 })).toMatch(/^WECHATPAY_PLATFORM_PUBLIC_KEY: not an RSA public key/);
  });

  it('wants an API v3 key of exactly 32 bytes', () => {
    expect(problems({ WECHATPAY_API_V3_KEY: 'a7cde1ABCDE1abcde1ABCDE1abcde1AB' })).toBe('');
    expect(problems({ WECHATPAY_API_V3_KEY: 'a7cde1ABCDE1abcde1ABCDE1abcde1A' })).toMatch(/WECHATPAY_API_V3_KEY: must be exactly 32 bytes/);
  });

  it('wants http(s) gateway addresses and drops a trailing slash', () => {
    expect(parse({ WECHATPAY_BASE: 'http://127.0.0.1:4010/wxpay/' }).WECHATPAY_BASE).toBe('http://127.0.0.1:4010/wxpay');
    expect(problems({ ALIPAY_GATEWAY: 'ftp://openapi.alipay.com/gateway.do' })).toMatch(/ALIPAY_GATEWAY: must be an http\(s\) URL/);
  });
});
