import { describe, expect, it } from 'vitest';
import { auditActionCodes, auditActionName, auditFieldName, auditValueText, chinaTime, plainText } from './audit-names.ts';
import { TRANSITION_TABLES } from './machines.ts';

const CHINESE = /[\u4e00-\u9fff]/;

describe('the audit log in Chinese (issue 21)', () => {
  it('names every move of every machine by its table, and the edits by name', () => {
    for (const code of auditActionCodes()) expect(auditActionName(code), code).toMatch(CHINESE);
    expect(auditActionName('sample.checkIn')).toBe('样品签收');
    expect(auditActionName('article.edit')).toBe('修改文章');
    expect(auditActionName('booking.checkIn')).toBe('预约签到');
    expect(auditActionName('contract.confirm')).toBe(TRANSITION_TABLES.contract.confirm.label);
  });

  it('reads a state by its own machine’s names (a sample’s awaiting → signed, a contract’s uploaded)', () => {
    expect(auditValueText('sample', 'state', 'awaiting')).toMatch(CHINESE);
    expect(auditValueText('sample', 'state', 'signed')).toMatch(CHINESE);
    expect(auditValueText('contract', 'state', 'uploaded')).toBe('待确认');
    expect(auditValueText('order', 'state', 'awaitingSample')).toBe('待寄样');
    expect(auditValueText('job', 'state', 'failed')).toMatch(CHINESE);
  });

  it('reads fen in yuan, times in China time, rich text as its words', () => {
    expect(auditFieldName('totalFen')).toBe('订单金额');
    expect(auditFieldName('amountFen')).toBe('金额');
    expect(auditValueText('order', 'totalFen', 630000)).toBe('¥6,300.00');
    expect(auditValueText('order', 'totalFen', -5)).toBe('-¥0.05');
    expect(auditValueText('sample', 'checkedInAt', '2026-11-28T10:30:49.363Z')).toBe('2026-11-28 18:30:49');
    expect(chinaTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00:00');
    expect(auditValueText('article', 'content', '<p>比表面 &lt; 10 m²/g</p><p><strong>二段</strong></p>')).toBe('比表面 < 10 m²/g 二段');
    expect(plainText('<p>' + '长'.repeat(200) + '</p>')).toHaveLength(121);
    expect(auditValueText('staff', 'roles', ['lab', 'finance'])).toBe('实验员、财务');
  });
});
