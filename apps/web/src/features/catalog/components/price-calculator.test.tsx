import { asFen, defaultChoices, priceOf, type Priced } from '@yance/contracts/money';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatFen } from '@yance/browser/format';
import { PriceCalculator } from './price-calculator.tsx';

// The demo item d10001 (X射线衍射) as the seed defines it: ¥80 a sample and two priced options.
const yuan = (n: number) => asFen(n * 100);
const xrd: Priced & { unit: 'sample' } = {
  price_fen: yuan(80),
  unit: 'sample',
  options: [
    {
      name: '扫描范围',
      choices: [
        { label: '5–90°（常规）', extra_fen: yuan(0) },
        { label: '5–120°', extra_fen: yuan(20) },
        { label: '慢扫 1°/min（精修用）', extra_fen: yuan(50) },
      ],
    },
    {
      name: '物相检索',
      choices: [
        { label: '不需要', extra_fen: yuan(0) },
        { label: 'Jade 物相检索', extra_fen: yuan(30) },
      ],
    },
  ],
};

/** The unit price and the estimate as the page shows them. */
function shown(choices: Record<string, string>, quantity: number) {
  const html = renderToStaticMarkup(<PriceCalculator item={xrd} value={{ choices, quantity }} onChange={() => {}} />);
  const unit = /单价<\/span><span[^>]*><strong>([^<]+)<\/strong>/.exec(html)?.[1];
  const total = /预估费用<\/span><strong>([^<]+)<\/strong>/.exec(html)?.[1];
  return { unit, total };
}

describe('PriceCalculator', () => {
  it('shows priceOf for every combination of the demo options and several counts', () => {
    const [range, search] = xrd.options;
    let cases = 0;
    for (const r of range!.choices) {
      for (const s of search!.choices) {
        const choices = { [range!.name]: r.label, [search!.name]: s.label };
        for (const quantity of [1, 3, 999]) {
          expect(shown(choices, quantity)).toEqual({
            unit: formatFen(priceOf(xrd, choices, 1)),
            total: formatFen(priceOf(xrd, choices, quantity)),
          });
          cases++;
        }
      }
    }
    expect(cases).toBe(18);
    // One worked case written out, so the test does not only compare priceOf with itself.
    expect(shown({ 扫描范围: '慢扫 1°/min（精修用）', 物相检索: 'Jade 物相检索' }, 3)).toEqual({ unit: '¥160.00', total: '¥480.00' });
  });

  it('starts from the first choice of every option', () => {
    expect(shown(defaultChoices(xrd), 2)).toEqual({ unit: '¥80.00', total: '¥160.00' });
  });
});
