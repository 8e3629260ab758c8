import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariant, isSizableImage } from './media.ts';

describe('responsive image URLs', () => {
  it('sizes only raster pictures of ours', () => {
    expect(isSizableImage('/upload/img/case/a30001.jpg')).toBe(true);
    expect(isSizableImage('/upload/u/2026/ab12.PNG')).toBe(true);
    expect(isSizableImage('/upload/img/banner/b1.svg')).toBe(false);
    expect(isSizableImage('https://cdn.example.com/a.jpg')).toBe(false);
    expect(isSizableImage('/upload/../data/secret.jpg')).toBe(false);
    expect(isSizableImage('/upload/a.jpg?x=1')).toBe(false);
  });

  it('a variant keeps the path under /upload after its width', () => {
    expect(imageVariant('/upload/img/case/a30001.jpg', 640)).toBe('/media/640/img/case/a30001.jpg');
  });

  it('lists the widths up to the first one that fills the slot', () => {
    const widths = (set: string | undefined) => set?.split(', ').map((s) => s.split(' ')[1]);
    expect(widths(imageSrcSet('/upload/x.jpg', 700))).toEqual(['320w', '480w', '640w', '960w']);
    expect(widths(imageSrcSet('/upload/x.jpg', 640))).toEqual(['320w', '480w', '640w']);
    expect(widths(imageSrcSet('/upload/x.jpg', 100))).toEqual(['320w']);
    expect(widths(imageSrcSet('/upload/x.jpg'))).toHaveLength(6);
    expect(widths(imageSrcSet('/upload/x.jpg', 5000))).toHaveLength(6);
    expect(imageSrcSet('/upload/x.svg')).toBeUndefined();
  });
});
