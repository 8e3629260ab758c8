import { staffCall, totpCode } from '/work/wt-console/e2e/support/staff.ts';
import { call } from '/work/wt-console/e2e/support/accounts.ts';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:3917';
const secret = readFileSync('/tmp/cdemo-secret', 'utf8').trim();
const r0 = await call<{ token: string }>(base, 'adminLogin', { account: 'admin', password: 'yance-demo-2026', totp: await totpCode(secret, 30) });
console.error(JSON.stringify(r0));
const token = (r0 as any).data.token;
const seen = new Map<string, unknown>();
for (let page = 1; page < 100; page++) {
  const r = await staffCall<{ list: { action: string; objectType: string; changes: Record<string, unknown> }[] }>(base, 'auditList', token, { page, pageSize: 50 });
  if (!r.list.length) break;
  for (const e of r.list) {
    if (!seen.has(e.action)) seen.set(e.action, e.changes);
  }
}
for (const [a, c] of seen) console.log(a, JSON.stringify(c).slice(0, 300));
