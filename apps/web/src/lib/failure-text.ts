import { ApiError } from '@yance/browser/api-client';

/** "ApiError（409）：…": a failed submit shows the error's name, code and message (spec §4). */
export const failureText = (err: unknown) =>
  err instanceof ApiError
    ? `${err.name}（${err.code}）：${err.message}`
    : err instanceof Error
      ? `${err.name}：${err.message}`
      : String(err);
