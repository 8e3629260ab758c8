/**
 * Marks <html data-ready> once the page answers taps: after hydration commits (a server-rendered
 * page's buttons do nothing before) or after a browser-only page's first render. Call it from an
 * effect of the root; end-to-end tests wait for the mark before they press anything.
 */
export function markReady(): void {
  document.documentElement.dataset.ready = '';
}
