/** Where non-React code (the api client) sends toasts; the app provider plugs antd's message in. */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
  warning(text: string): void;
}

let current: Notifier = {
  error: (t) => console.error(t),
  success: (t) => console.info(t),
  warning: (t) => console.warn(t),
};

export const setNotifier = (n: Notifier) => {
  current = n;
};
export const notify: Notifier = {
  error: (t) => current.error(t),
  success: (t) => current.success(t),
  warning: (t) => current.warning(t),
};
