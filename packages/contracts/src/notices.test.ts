import { describe, expect, it } from 'vitest';
import { OVERDUE_REMINDER } from './message.ts';
import { isNotice, NOTICES, siteWords } from './notices.ts';

describe('in-site messages (issue 21)', () => {
  it('never ask a signed-in reader to sign in, while the SMS and e-mail still say where', () => {
    const texts = [...Object.values(NOTICES).flatMap((n) => (isNotice(n) ? [n.text] : [])), OVERDUE_REMINDER.text];
    expect(texts.filter((t) => t.includes('登录研测')).length).toBeGreaterThan(0);
    for (const text of texts) expect(siteWords(text)).not.toContain('登录');
    expect(siteWords('您的订单{no}已完成报价，请登录研测查看订单并继续办理。')).toBe('您的订单{no}已完成报价，请查看订单并继续办理。');
  });
});
