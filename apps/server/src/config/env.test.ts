import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from './env.ts';

const pem = (k: { export(o: object): string | Buffer }, type: string) => k.export({ type, format: 'pem' }).toString();
const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipays = generateKeyPairSync('rsa', { modulusLength: 2048 });

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://www.yance-lab.cn',
  CODE_HASH_SECRET: 'a-secret-of-our-own-0123456789',
  WX_PROVIDER: 'official',
  WX_APP_ID: 'wx-app',
  WX_APP_SECRET: 'wx-secret',
  WX_CALLBACK_TOKEN: 'wx-token',
  PAYMENT_GATEWAYS: 'alipay',
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: pem(ours.privateKey, 'pkcs8'),
  ALIPAY_PUBLIC_KEY: pem(alipays.publicKey, 'spki'),
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'key-id',
  ALIYUN_ACCESS_KEY_SECRET: 'key-secret',
  ALIYUN_SMS_SIGN_NAME: '研测',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_2',
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: 'smtp.example.cn',
};

describe('loadConfig', () => {
  it('does not load the demo data unless asked', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('starts in production with its own secret, a public URL and the official WeChat provider', () => {
    const config = loadConfig({ ...production, PUBLIC_URL: 'https://www.yance-lab.cn/' });
    expect(config.PUBLIC_URL).toBe('https://www.yance-lab.cn');
  });

  it('takes the first admin as ADMIN_ACCOUNT and ADMIN_PASSWORD together, never one alone (ADR 0038)', () => {
    expect(loadConfig({ ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: 'Long enough 2049' }).ADMIN_ACCOUNT).toBe('root.admin');
    expect(() => loadConfig({ ADMIN_ACCOUNT: 'root.admin' })).toThrow(/ADMIN_ACCOUNT and ADMIN_PASSWORD go together/);
    expect(() => loadConfig({ ADMIN_ACCOUNT: '1x', ADMIN_PASSWORD: 'Long enough 2049' })).toThrow(/ADMIN_ACCOUNT/);
  });

  it('refuses production without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      /^Invalid environment: PUBLIC_URL is required in production/,
    );
  });

  it('refuses production with the local payment provider (it credits without real money)', () => {
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAYS: 'local,alipay' })).toThrow(/PAYMENT_GATEWAYS includes local/);
  });

  it('refuses production with the public default CODE_HASH_SECRET', () => {
    expect(() => loadConfig({ ...production, CODE_HASH_SECRET: undefined })).toThrow(/CODE_HASH_SECRET is the public development default/);
  });

  it('refuses the console SMS provider, the log mail provider and demo data in production (ADR 0057)', () => {
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER=console writes codes to the log/);
    expect(() => loadConfig({ ...production, MAIL_PROVIDER: 'log' })).toThrow(/MAIL_PROVIDER=log sends no e-mail/);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true loads demo accounts/);
    expect(loadConfig(production).SEED_DEMO).toBe(false);
  });

  it('refuses the local WeChat provider in production, and names every problem on one line', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/WX_PROVIDER=local is for one-machine use/);
    expect(message).toMatch(/PUBLIC_URL/);
    expect(message).toMatch(/CODE_HASH_SECRET/);
    expect(message).not.toContain('\n');
  });

  it('refuses STORAGE=local in production on PostgreSQL unless DATA_DIR is declared shared (several processes)', () => {
    const onPostgres = { ...production, DATABASE_URL: 'postgres://yance@db.internal:5432/yance' };
    expect(() => loadConfig(onPostgres)).toThrow(
      /^Invalid environment: STORAGE=local keeps uploads in this process's DATA_DIR; with several processes set STORAGE=s3, or STORAGE_LOCAL_SHARED=true/,
    );
    expect(loadConfig({ ...onPostgres, STORAGE_LOCAL_SHARED: 'true' }).STORAGE_LOCAL_SHARED).toBe(true);
    const bucket = {
      STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.example.cn/',
      S3_BUCKET: 'yance-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
    };
    expect(loadConfig({ ...onPostgres, ...bucket })).toMatchObject({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.cn' });
    // PGlite is one process by nature, and outside production one machine is the point.
    expect(loadConfig(production)).toMatchObject({ STORAGE: 'local', STORAGE_LOCAL_SHARED: false });
    expect(loadConfig({ ...onPostgres, NODE_ENV: 'development' }).STORAGE).toBe('local');
    expect(() => loadConfig({ STORAGE_LOCAL_SHARED: 'yes' })).toThrow(/STORAGE_LOCAL_SHARED/);
    expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.cn' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY required by STORAGE=s3/,
    );
  });

  it('allows the conveniences outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.WX_PROVIDER).toBe('local');
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it('refuses a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('takes TRUST_PROXY as addresses, CIDRs and keywords', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1 , 172.16.0.0/12,loopback, ::1, fd00::/8 ' }).TRUST_PROXY).toBe(
      '10.0.0.1,172.16.0.0/12,loopback,::1,fd00::/8',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe('false');
  });

  it('refuses TRUST_PROXY=true with a clear line', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid environment: TRUST_PROXY: "true" would let any client choose its own IP/,
    );
  });

  it('refuses hop counts, host names and malformed CIDRs in TRUST_PROXY', () => {
    for (const value of ['1', 'proxy.internal', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '*', '', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: not an address, CIDR/);
    }
  });
});
