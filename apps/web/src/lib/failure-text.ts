import { errorText } from '@yance/browser/api-client';

/**
 * A failed submit's one line (spec §8, issue 21): 提交失败 and the message in
 * Chinese — no error class, no code, and shown once (the call is quiet).
 */
export const failureText = (err: unknown) => `提交失败：${errorText(err)}`;
