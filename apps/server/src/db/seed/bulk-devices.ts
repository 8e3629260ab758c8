import type { NewDevice } from '../../modules/catalog/index.ts';
import { asFen } from '@yance/contracts/money';
import { describe, deviceImg, type DeviceSeed } from './device-builder.ts';
import { DEVICE_SEEDS } from './devices.ts';
import { CHILD_INFO } from './types.ts';

const LABS = ['北京', '上海', '广州', '武汉', '成都', '西安', '南京', '合肥', '长沙', '天津', '杭州', '沈阳'];
const VARIANTS = ['常规', '加急', '高精度', '低温', '高温', '原位', '批量', '企业版', '教学', '合作实验室', '快速', '精修'];
const WORDS = ['材料', '薄膜', '纳米', '催化剂', '电池', '高分子', '陶瓷', '合金', '涂层', '药物', '矿物', '土壤', '半导体', '复合'];

/** Small deterministic PRNG so every run builds the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * n synthetic items derived from the demo catalogue (varied names, aliases,
 * prices and order counts) for load tests of search; childIds maps child
 * names to their ids in the target database.
 */
export function syntheticDevices(n: number, childIds: ReadonlyMap<string, number>, seed = 42): NewDevice[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out: NewDevice[] = [];
  for (let i = 0; i < n; i++) {
    const base: DeviceSeed = DEVICE_SEEDS[i % DEVICE_SEEDS.length]!;
    const info = CHILD_INFO.get(base.child)!;
    const name = `${base.name}（${pick(LABS)}${pick(VARIANTS)}·${pick(WORDS)}${i}）`;
    out.push({
      rid: `b${String(i).padStart(6, '0')}`,
      name,
      alias: [...base.alias.slice(0, 2), `${base.badge}-${i}`],
      typeId: info.typeId,
      childId: childIds.get(base.child)!,
      img: deviceImg(base.slug),
      sketch: base.sketch,
      description: describe(base),
      sampleRequirement: base.sample,
      instrument: base.instrument,
      options: base.options ?? [],
      priceFen: asFen(Math.round(base.price * 100 * (0.6 + rand()))),
      unit: base.unit,
      turnaroundDays: base.days,
      orderCount: Math.floor(rand() * 5000),
      onShelf: rand() > 0.05,
    });
  }
  return out;
}
