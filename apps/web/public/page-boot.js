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
  const element = (tag, attrs) => Object.assign(document.createElement(tag), { crossOrigin: '' }, attrs);
  const load = () => {
    // One insertion for all of them: the head changes once, not forty times.
    const all = document.createDocumentFragment();
    for (const href of list('data-preload')) all.append(element('link', { rel: 'modulepreload', href }));
    for (const src of list('data-modules')) all.append(element('script', { type: 'module', src }));
    document.head.append(all);
  };
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(() => setTimeout(load, 0));
})();
