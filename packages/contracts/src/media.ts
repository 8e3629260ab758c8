/**
 * Responsive images (ADR 0031). A raster picture under /upload is also served
 * at fixed widths, re-encoded in the best format the browser accepts:
 *
 *   /upload/img/case/a30001.jpg  →  /media/640/img/case/a30001.jpg
 *
 * The server picks AVIF, WebP or the original's own format from the request's
 * Accept header (Vary: Accept), so one `<img srcset>` serves every browser and
 * a preload of it asks for the same file the image will. Vector pictures (SVG)
 * are already sharp at every size and are served as they are.
 */

/** The widths a variant can have: few, so the cache stays small and nobody can ask for a million sizes. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Raster originals the pipeline re-encodes (by extension). */
export const RASTER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

const UPLOAD = '/upload/';
const RASTER = new RegExp(`^${UPLOAD}[^?#]+\\.(${RASTER_EXTENSIONS.join('|')})$`, 'i');

/** A picture of ours the pipeline can size: a raster file under /upload (not SVG, not another site's). */
export const isSizableImage = (src: string): boolean => RASTER.test(src) && !src.includes('..');

/** The URL of src at one of IMAGE_WIDTHS. */
export const imageVariant = (src: string, width: ImageWidth): string => `/media/${width}/${src.slice(UPLOAD.length)}`;

/**
 * srcset for src (every width up to maxWidth, the widest the page can use),
 * or undefined when src is not sizable.
 */
export function imageSrcSet(src: string, maxWidth = Infinity): string | undefined {
  if (!isSizableImage(src)) return undefined;
  // Every width below maxWidth and the first one reaching it (a 700 px slot gets 320 … 640 and 960).
  const reach = IMAGE_WIDTHS.findIndex((w) => w >= maxWidth);
  const widths = IMAGE_WIDTHS.slice(0, reach === -1 ? IMAGE_WIDTHS.length : reach + 1);
  return widths.map((w) => `${imageVariant(src, w)} ${w}w`).join(', ');
}
