import { z } from 'zod';

const optionalText = z.string().trim().min(1).optional();

/** E-mail of customer notices (ADR 0046): written to the log by default, sent by SMTP when configured. */
export const notifyEnv = {
  MAIL_PROVIDER: z.enum(['log', 'smtp']).default('log'),
  /** The sender, e.g. "研测 <notice@example.cn>". */
  MAIL_FROM: z.string().trim().min(3).default('研测 <noreply@yance.local>'),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(465),
  /** TLS from the start (port 465); false: STARTTLS when the server offers it (port 587). */
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
} as const;

type NotifyEnv = z.infer<z.ZodObject<typeof notifyEnv>>;

/** What MAIL_PROVIDER=smtp needs (fail fast at start-up). */
export function missingNotifyEnv(env: NotifyEnv): string[] {
  if (env.MAIL_PROVIDER !== 'smtp') return [];
  return (['SMTP_HOST'] as const).filter((k) => !env[k]);
}
