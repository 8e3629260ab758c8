// Invoice titles (抬头) for API tests: a person's and a company's 普票 by e-mail, a company's 专票, and the calls that add
// and list a customer's titles.
import type { InvoiceTitle } from '@yance/contracts/invoice';
import type { TestApp } from './create-test-app.ts';
import { callApi, type TestUser } from './factories.ts';

export const TAX_ID = '91310000MA1FL4XX1X';

export const personE = { kind: 1, holder: 'person', name: '张同学', email: 'zhang@example.edu.cn' } as const;
export const companyE = { kind: 1, holder: 'company', name: '某材料科技有限公司', tax_id: TAX_ID, email: 'fin@example.com' } as const;
export const special = (address_rid: string) =>
  ({
    kind: 4,
    holder: 'company',
    name: '某材料科技有限公司',
    tax_id: TAX_ID,
    register_address: '上海市徐汇区梅陇路130号',
    register_phone: '021-64250000',
    bank: '中国工商银行上海徐汇支行',
    bank_account: '1001 2345 6789 0123',
    address_rid,
  }) as const;

/** `invoiceAdd` and `invoiceList` as a customer, on the test file's app (read when called: it starts in beforeAll). */
export const titleCalls = (app: () => TestApp) => ({
  addTitle: async (u: TestUser, body: object) => callApi(app(), 'invoiceAdd', { token: u.tokens.token, body: body as never }),
  titles: async (u: TestUser): Promise<InvoiceTitle[]> => (await callApi(app(), 'invoiceList', { token: u.tokens.token })).body.data.list,
});
