import type { Page, Response } from 'playwright-core';

/**
 * Every API answer with a failing code while it watches, as "path: msg" — what
 * would have been a red toast or an alert (issue 21: no false alarms). Stop
 * returns what was seen and stops watching.
 */
export function watchApiFailures(page: Page): { seen: string[]; stop: () => string[] } {
  const seen: string[] = [];
  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    void res
      .json()
      .then((body: { code?: number; msg?: string }) => {
        if (typeof body?.code === 'number' && body.code !== 1) seen.push(`${url.pathname}: ${body.msg ?? ''}`);
      })
      .catch(() => undefined);
  };
  page.on('response', onResponse);
  return {
    seen,
    stop: () => {
      page.off('response', onResponse);
      return seen;
    },
  };
}
