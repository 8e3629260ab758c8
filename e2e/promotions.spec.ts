import { describe, expect, it } from 'vitest';
import type { HomeData } from '@yance/contracts/home';
import { useServer } from './support/accounts.ts';
import { apiGet } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, signInToConsole } from './support/staff.ts';

// Issue 21: a discount label the shop shows is a rule the price applies. An operator edits the rule in 优惠活动 and
// the home page's label changes with it (the price is the server test price-rules.test.ts's).
const SPEC = 'promotions';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const labelOf = async (typeId: number) =>
  (await apiGet<HomeData>(s.baseUrl, 'home')).typeArr.find((t) => t.id === typeId)!.discount_info.discount_label;

describe('优惠活动 (issue 21)', () => {
  it('the home page shows the rules’ labels; an operator edits one and the home page follows', async () => {
    const { page } = b;
    expect(await labelOf(1)).toBe('新客9折');
    expect(await labelOf(3)).toBe('首单立减50元');
    await b.goto('/');
    await page.getByText('新客9折').first().waitFor();
    await screenshotAtWidths(page, SPEC, 'home-labels');

    await signInToConsole(page, (p) => b.goto(p), 'operator');
    await page.getByRole('menuitem', { name: '优惠活动' }).click();
    const rule = page.getByTestId('price-rule').first();
    await rule.getByLabel('优惠标签').waitFor();
    await screenshotAtWidths(page, SPEC, 'console-rules');
    await rule.getByLabel('优惠标签').fill('新客8折');
    await rule.getByLabel('按原价的百分之几收费').fill('80');
    await button(page, '保存').click();
    await page.getByText('优惠活动已保存').first().waitFor();
    await expect.poll(() => labelOf(1)).toBe('新客8折');

    // The rendered home page follows within its cache's 10 s (ADR 0026), like a price edit.
    await expect
      .poll(
        async () => {
          await b.goto('/');
          return [await page.getByText('新客8折').count(), await page.getByText('新客9折').count()];
        },
        { timeout: 25_000, interval: 2_000 },
      )
      .toEqual([1, 0]);
  });
});
