import type { DeviceOption } from '@yance/contracts/catalog';

/** Unit price in fen: the base price plus the extra of every chosen option (first choice by default). */
export function unitPriceFen(base: number, options: DeviceOption[], choices: readonly number[]) {
  return options.reduce((sum, opt, i) => sum + (opt.choices[choices[i] ?? 0]?.extra_fen ?? 0), base);
}
