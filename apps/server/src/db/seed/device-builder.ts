import type { DeviceOption, PriceUnit } from '@yance/contracts/catalog';
import { asFen } from '@yance/contracts/money';

/** A demo catalogue item as written by hand; price in yuan for readability. */
export interface DeviceSeed {
  rid: string;
  name: string;
  alias: string[];
  /** Short label drawn large on the thumbnail, e.g. "XRD". */
  badge: string;
  /** File name of the thumbnail under /upload/img/device/. */
  slug: string;
  child: string;
  sketch: string;
  intro: string;
  measures: string[];
  deliverables: string[];
  sample: string;
  instrument: string;
  price: number;
  unit: PriceUnit;
  days: number;
  orders: number;
  hot?: number;
  options?: DeviceOption[];
}

/** Yuan as written in the seed → fen (checked to be a whole, non-negative amount). */
export const yuanToFen = (yuan: number) => asFen(Math.round(yuan * 100));

/** An option with choices given as [label, extra yuan]. */
export const opt = (name: string, choices: [string, number][]): DeviceOption => ({
  name,
  choices: choices.map(([label, yuan]) => ({ label, extra_fen: yuanToFen(yuan) })),
});

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;

/** The item's description as the small, safe HTML subset the web renders. */
export function describe(d: DeviceSeed): string {
  return [
    `<h3>检测内容</h3><p>${esc(d.intro)}</p>`,
    list(d.measures),
    `<h3>仪器设备</h3><p>${esc(d.instrument)}</p>`,
    `<h3>交付内容</h3>`,
    list(d.deliverables),
    `<p>预计 ${d.days} 个工作日内交付数据（自收样确认起算），加急请联系客户经理。</p>`,
  ].join('');
}

export const deviceImg = (slug: string) => `/upload/img/device/${slug}.svg`;
