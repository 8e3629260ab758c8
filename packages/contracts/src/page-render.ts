/**
 * The seam between the server and the web app's server render (ADR 0026):
 * the web build emits apps/web/dist/.server/entry-server.js with these two functions,
 * the server loads it and answers public pages with what `render` returns.
 */

/** How the render reaches the API: the server hands in an in-process fetch (anonymous, no token). */
export interface RenderTransport {
  origin(): string;
  fetch(url: URL, init: RequestInit): Promise<Response>;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** A browser-only page (behind the login gate, or reading the browser's storage): the plain shell. */
  | { kind: 'shell' }
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD, antd's styles. */
      head: string;
      /** The markup inside #root. */
      html: string;
      /** The state script that follows #root (query answers and loader data for hydration). */
      state: string;
      /** Source files of the matched page modules, as keys of Vite's manifest (their chunks and styles). */
      files: string[];
    };

export interface PageRenderer {
  /**
   * Once per process: the API transport, and the server's sanitiser of
   * operator HTML (sanitize-html with the policy of contracts'
   * rich-text-policy), so the render bundle needs no DOM and no package of its
   * own at run time. The browser sanitises with DOMPurify (ADR 0026).
   */
  configure(options: { transport: RenderTransport; sanitize: (html: string) => string }): void;
  /** Renders `url` (path and query) for an anonymous visitor of `origin`. */
  render(url: string, origin: string): Promise<RenderResult>;
}
