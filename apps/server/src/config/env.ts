import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { accountEnv, missingAccountEnv } from './account-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL URL; when absent the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Load the demo catalogue and content into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /** Which proxies may set X-Forwarded-For (Fastify trustProxy): per-IP limits read request.ip, so never trust everyone. */
  TRUST_PROXY: z.string().default('loopback'),
  /** Public origin for links we hand out (the local WeChat QR confirm page); defaults to the request's origin. */
  PUBLIC_URL: z.string().url().optional(),
  ...accountEnv,
});

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
  return { ...parsed.data, repoRoot };
}
