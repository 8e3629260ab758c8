/** Where non-React code (the api client) sends toasts; the app provider plugs antd's message in. */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
  warning(text: string): void;
}

type Kind = keyof Notifier;

/**
 * Until a toast is wanted, antd's message code is not loaded (it is not part
 * of the first screen): the first toast is queued, `onFirstToast` asks the
 * app to mount its bridge, and the bridge takes the queue when it plugs in.
 */
let current: Notifier | null = null;
const queued: [Kind, string][] = [];
const wantListeners = new Set<() => void>();
let wanted = false;

export const setNotifier = (n: Notifier) => {
  current = n;
  for (const [kind, text] of queued.splice(0)) n[kind](text);
};

/** Subscribes to "a toast is waiting" (the app's lazy toast host). */
export const onToastWanted = (listener: () => void) => {
  wantListeners.add(listener);
  return () => void wantListeners.delete(listener);
};
export const isToastWanted = () => wanted;

const send = (kind: Kind) => (text: string) => {
  if (current) return current[kind](text);
  if (typeof window === 'undefined') return; // the server render shows no toasts
  queued.push([kind, text]);
  if (!wanted) {
    wanted = true;
    for (const l of wantListeners) l();
  }
};

export const notify: Notifier = { error: send('error'), success: send('success'), warning: send('warning') };
