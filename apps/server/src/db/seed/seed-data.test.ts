import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { priceOf } from '@yance/contracts/money';
import { articleImg } from './article-builder.ts';
import { BANNER_SEEDS, PARTNER_SEEDS } from './banners.ts';
import { deviceImg, yuanToFen } from './device-builder.ts';
import { demoResultFile } from './demo-result-files.ts';
import { DEVICE_SEEDS } from './devices.ts';
import { PREFECTURE_SEEDS } from './prefectures.ts';
import { ARTICLE_SEEDS } from './seed.ts';
import { CHILD_INFO } from './types.ts';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const rids = new Set(DEVICE_SEEDS.map((d) => d.rid));

describe('demo data', () => {
  it('has unique item codes and image names, each in a known category', () => {
    expect(rids.size).toBe(DEVICE_SEEDS.length);
    expect(new Set(DEVICE_SEEDS.map((d) => d.slug)).size).toBe(DEVICE_SEEDS.length);
    expect(DEVICE_SEEDS.length).toBeGreaterThanOrEqual(60);
    for (const d of DEVICE_SEEDS) expect(CHILD_INFO.has(d.child), d.rid).toBe(true);
  });

  it('features exactly hot ranks 1 to 8', () => {
    expect(DEVICE_SEEDS.flatMap((d) => (d.hot ? [d.hot] : [])).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('links banners and hot areas only to items that exist, and externals only to our own domain', () => {
    for (const b of BANNER_SEEDS) {
      if (b.redirect.startsWith('http')) expect(b.redirect).toMatch(/^https:\/\/www\.yance-lab\.cn\//);
      else expect(rids.has(b.redirect), b.redirect).toBe(true);
    }
    for (const p of PREFECTURE_SEEDS) for (const rid of p.rids) expect(rids.has(rid), `${p.name} ${rid}`).toBe(true);
  });

  it('promises on a banner what its item is: 机时/预约 only for an on-site booking item (issue 21)', () => {
    for (const b of BANNER_SEEDS) {
      const item = DEVICE_SEEDS.find((d) => d.rid === b.redirect);
      if (!item) continue;
      const onSite = CHILD_INFO.get(item.child)!.typeId === 2;
      if (/机时|上机|预约/.test(b.title)) expect(onSite, b.title).toBe(true);
    }
  });

  it('gives each demo order the result file of the item it measured (an FTIR order a spectrum, issue 21)', () => {
    expect(demoResultFile('d10061', 1).suffix).toBe('FTIR.csv');
    expect(demoResultFile('d10061', 1).text.split('\n')[0]).toMatch(/^Wavenumber/);
    expect(demoResultFile('d10001', 1).suffix).toBe('XRD.xy');
  });

  it('gives every case a picture of what its title says', () => {
    for (const a of ARTICLE_SEEDS.filter((x) => x.type === 'service')) expect(a.picture, a.title).toBeDefined();
    const pic = (word: string) => ARTICLE_SEEDS.find((a) => a.type === 'service' && a.title.includes(word))!.picture;
    expect(pic('球差电镜')).toBe('stem');
    expect(pic('DFT')).toBe('compute');
    expect(pic('BET')).toBe('pores');
  });

  it('has a committed image for every picture it references', () => {
    const paths = [
      ...DEVICE_SEEDS.map((d) => deviceImg(d.slug)),
      ...BANNER_SEEDS.map((b) => b.img),
      ...PARTNER_SEEDS.map((p) => p.img),
      ...ARTICLE_SEEDS.map(articleImg).filter(Boolean),
    ];
    for (const p of paths) expect(existsSync(path.join(assets, p)), p).toBe(true);
  });

  it('has enough articles of every kind with unique codes', () => {
    expect(new Set(ARTICLE_SEEDS.map((a) => a.rid)).size).toBe(ARTICLE_SEEDS.length);
    const count = (type: string) => ARTICLE_SEEDS.filter((a) => a.type === type).length;
    expect([count('news'), count('course'), count('service'), count('thanks')]).toEqual([11, 6, 9, 9]);
  });

  it('prices every choice of every item with priceOf (ADR 0012): unique option names and labels, whole fen', () => {
    for (const d of DEVICE_SEEDS) {
      const item = { price_fen: yuanToFen(d.price), options: d.options ?? [] };
      expect(new Set(item.options.map((o) => o.name)).size, d.rid).toBe(item.options.length);
      for (const o of item.options) {
        expect(new Set(o.choices.map((c) => c.label)).size, `${d.rid} ${o.name}`).toBe(o.choices.length);
        for (const c of o.choices)
          expect(priceOf(item, { [o.name]: c.label }, 2), `${d.rid} ${o.name} ${c.label}`).toBe(
            (item.price_fen +
              c.extra_fen +
              item.options.filter((x) => x !== o).reduce((sum, x) => sum + (x.choices[0]?.extra_fen ?? 0), 0)) *
              2,
          );
      }
    }
  });
});
