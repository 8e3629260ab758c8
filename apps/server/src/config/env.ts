import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { STAFF_ACCOUNT_PATTERN } from '@yance/contracts/staff-security';
import { accountEnv, missingAccountEnv } from './account-env.ts';
import { jobEnv } from './job-env.ts';
import { missingNotifyEnv, notifyEnv } from './notify-env.ts';
import { missingPaymentEnv, paymentEnv, paymentEnvProblems } from './payment-env.ts';
import { repoRoot } from './paths.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL URL; when absent the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The operator console's build, served at /admin (ADR 0033). */
  ADMIN_DIST: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  /** Load the demo catalogue and content into an EMPTY database; off unless asked (npm start asks). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The password of the demo staff accounts (admin, manager, lab, finance, operator); demo data only. */
  DEMO_STAFF_PASSWORD: z.string().min(8, 'DEMO_STAFF_PASSWORD must have at least 8 characters').default(DEMO_STAFF_PASSWORD),
  /**
   * The first admin of an installation without demo data, created at start when no staff exists
   * (ADR 0038); both or neither. Without them such a start prints a one-time setup link instead.
   */
  ADMIN_ACCOUNT: z.string().regex(STAFF_ACCOUNT_PATTERN, 'must be 3–32 letters, digits or . _ -, starting with a letter').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').max(128).optional(),
  /**
   * The bearer token GET /metrics asks for (ADR 0056). Without it /metrics
   * answers only direct requests from this machine (a loopback socket, no proxy header).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /**
   * Which proxies may set X-Forwarded-For (Fastify trustProxy): addresses, CIDRs or the keywords
   * loopback/linklocal/uniquelocal, comma separated; "false" trusts none. Never "true" (ADR 0015).
   */
  TRUST_PROXY: z.string().default('loopback').transform(trustedProxies),
  /** Public origin for links we hand out (the WeChat QR confirm page). Required in production; else the request's origin. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Largest uploaded file in bytes (console uploads, ADR 0037). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Where uploads are kept: "local" (DATA_DIR/upload) or "s3" (an S3-compatible bucket, the S3_* settings). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /**
   * "true" declares that DATA_DIR is a filesystem every server process shares (e.g. NFS), so
   * STORAGE=local may serve several processes; production on PostgreSQL refuses STORAGE=local without it.
   */
  STORAGE_LOCAL_SHARED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** S3-compatible endpoint, path-style: objects are at <S3_ENDPOINT>/<S3_BUCKET>/<key>. */
  S3_ENDPOINT: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Apply pending migrations at start, under the advisory lock (ADR 0057); "false" when a deploy runs `migrate` first. */
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** On SIGTERM: how long in-flight requests and jobs may take to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * On SIGTERM: how long /readyz answers 503 while the process still serves, so a balancer that polls it stops
   * sending new requests before the listener closes (0 behind nginx, which learns from the closed port).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * On SIGTERM: how long after the last request the process waits for its idle keep-alive connections to be closed
   * by the proxy before it closes them itself. Longer than the proxy's idle timeout for its upstream connections
   * (deploy/nginx: keepalive_timeout 4 s), so it is never the app that closes one nginx may be sending on (ADR 0076).
   */
  SHUTDOWN_QUIET_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  ...accountEnv,
  ...jobEnv,
  ...notifyEnv,
  ...paymentEnv,
  /** The local provider's callback signing key (HMAC-SHA256). */
  PAYMENT_LOCAL_SECRET: z.string().min(16).default('yance-dev-local-payment-secret'),
});

/** STORAGE=s3 needs its endpoint, bucket and keys. */
function missingStorageEnv(env: z.infer<typeof envSchema>): string[] {
  if (env.STORAGE !== 's3') return [];
  const required = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  return required.filter((k) => !env[k]);
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an IP, a CIDR (ip/prefix) or a proxy-addr keyword. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [ip, prefix, extra] = entry.split('/');
  const family = isIP(ip ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify's trustProxy string ("false" for none); refuses "true", hop counts and anything else. */
function trustedProxies(value: string, ctx: z.RefinementCtx): string {
  const v = value.trim();
  if (v === 'false') return v;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: '"true" would let any client choose its own IP; list your proxies (addresses, CIDRs, loopback)',
    });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `not an address, CIDR or loopback/linklocal/uniquelocal: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries.join(',');
}

/** What production refuses to start with (ADR 0015): public defaults and one-machine conveniences. */
function productionProblems(env: z.infer<typeof envSchema>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.PUBLIC_URL)
    problems.push('PUBLIC_URL is required in production (the origin of the links we hand out, e.g. https://www.example.cn)');
  if (env.CODE_HASH_SECRET.startsWith('yance-dev-'))
    problems.push('CODE_HASH_SECRET is the public development default; set a secret of your own');
  // PostgreSQL is what several processes share; PGlite (no DATABASE_URL) is one process anyway.
  if (env.STORAGE === 'local' && env.DATABASE_URL && !env.STORAGE_LOCAL_SHARED)
    problems.push(
      "STORAGE=local keeps uploads in this process's DATA_DIR; with several processes set STORAGE=s3, or STORAGE_LOCAL_SHARED=true when DATA_DIR is shared storage",
    );
  if (env.WX_PROVIDER === 'local') problems.push('WX_PROVIDER=local is for one-machine use; production needs WX_PROVIDER=official');
  if (env.PAYMENT_GATEWAYS.includes('local'))
    problems.push('PAYMENT_GATEWAYS includes local, which credits without real money; production offers alipay and/or wechat');
  if (env.PAYMENT_LOCAL_SECRET.startsWith('yance-dev-') && env.PAYMENT_GATEWAYS.includes('local'))
    problems.push('PAYMENT_LOCAL_SECRET is the public development default');
  if (env.SMS_PROVIDER === 'console')
    problems.push(
      'SMS_PROVIDER=console writes codes to the log and the console outbox, where staff read them; production needs aliyun or tencent',
    );
  if (env.MAIL_PROVIDER === 'log') problems.push('MAIL_PROVIDER=log sends no e-mail; production needs MAIL_PROVIDER=smtp');
  if (env.SEED_DEMO) problems.push('SEED_DEMO=true loads demo accounts with a published password; production starts without demo data');
  return problems;
}

export type Config = z.infer<typeof envSchema> & { repoRoot: string };

/** Parses the environment once at start-up; exits with one clear line when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const missing = missingAccountEnv(parsed.data);
  if (missing.length > 0) throw new Error(`Invalid environment: ${missing.join(', ')} required by the chosen SMS/WeChat provider`);
  const storage = missingStorageEnv(parsed.data);
  if (storage.length > 0) throw new Error(`Invalid environment: ${storage.join(', ')} required by STORAGE=s3`);
  const mail = missingNotifyEnv(parsed.data);
  if (mail.length > 0) throw new Error(`Invalid environment: ${mail.join(', ')} required by MAIL_PROVIDER=smtp`);
  const payment = missingPaymentEnv(parsed.data);
  if (payment.length > 0) throw new Error(`Invalid environment: ${payment.join(', ')} required by PAYMENT_GATEWAYS`);
  const keys = paymentEnvProblems(parsed.data);
  if (keys.length > 0) throw new Error(`Invalid environment: ${keys.join('; ')}`);
  if (!parsed.data.ADMIN_ACCOUNT !== !parsed.data.ADMIN_PASSWORD)
    throw new Error('Invalid environment: ADMIN_ACCOUNT and ADMIN_PASSWORD go together (set both, or neither)');
  const problems = productionProblems(parsed.data);
  if (problems.length > 0) throw new Error(`Invalid environment: ${problems.join('; ')}`);
  return { ...parsed.data, repoRoot };
}
