// Loads a server-rendered page's code once the page has been painted (ADR 0030).
// The server writes this as an async (low-priority) classic script, the page's
// module scripts and preloads in its data attributes: a phone on a slow network
// spends its first round trips on the HTML, its styles and the largest image,
// and the ~130 kB of code follows. A page in a background tab, which paints
// nothing, loads at once.
(() => {
  const me = document.currentScript;
  if (!me) return;
  const list = (name) => (me.getAttribute(name) || '').split(' ').filter(Boolean);
  const add = (tag, attrs) => {
    const el = document.createElement(tag);
    el.crossOrigin = '';
    Object.assign(el, attrs);
    document.head.append(el);
  };
  const load = () => {
    for (const href of list('data-preload')) add('link', { rel: 'modulepreload', href });
    for (const src of list('data-modules')) add('script', { type: 'module', src });
  };
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(() => setTimeout(load, 0));
})();
