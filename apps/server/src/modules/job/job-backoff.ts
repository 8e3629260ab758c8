import type { Config } from '../../config/env.ts';
import { errorSummary } from '../../lib/log-errors.ts';

/** Longest wait between two tries. */
const MAX_DELAY_SECONDS = 3600;

/**
 * Seconds before try attempts + 1: base doubled per failed try, capped, with
 * "equal jitter" (half fixed, half random) so jobs that failed together do
 * not all come back in the same second.
 */
export function backoffSeconds(base: number, attempts: number, random: () => number = Math.random): number {
  const delay = Math.min(MAX_DELAY_SECONDS, base * 2 ** Math.max(0, attempts - 1));
  return delay / 2 + random() * (delay / 2);
}

const SECRET_ENV = [
  'CODE_HASH_SECRET',
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'TENCENT_SECRET_ID',
  'TENCENT_SECRET_KEY',
  'WX_APP_SECRET',
  'WX_CALLBACK_TOKEN',
  'SMTP_PASS',
] as const;
const SECRET_PARAM = /((?:access_token|secret|password|token|signature)=)[^&\s"]+/gi;

/**
 * What a failed try leaves in job.last_error (the console shows it) and its
 * log line: the message only (no stack) without SQL parameters (errorSummary,
 * ADR 0056), at most 500 characters, with configured secrets and
 * secret-looking URL parameters masked.
 */
export function errorText(err: unknown, config: Config): string {
  let text = errorSummary(err);
  for (const name of SECRET_ENV) {
    const value = config[name];
    if (value && value.length >= 4) text = text.split(value).join('******');
  }
  return text.replace(SECRET_PARAM, '$1******').slice(0, 500);
}
