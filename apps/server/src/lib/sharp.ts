import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/** sharp (libvips, a native addon) is loaded with the first picture a process makes, not at start-up. */
export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((m) => m.default));
