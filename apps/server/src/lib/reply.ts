import { OK_CODE, type Envelope } from '@yance/contracts/envelope';

/** Wraps data in the success envelope of spec §7. */
export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> & { code: typeof OK_CODE } => ({ code: OK_CODE, msg, data });
