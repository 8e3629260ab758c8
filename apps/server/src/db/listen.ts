import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a subscription to some channels tells its owner (ADR 0073, 0081): `messages[channel]` gets each payload
 * NOTIFYed on that channel, by any process on the database, once the notifying transaction committed. `down`: the subscription is lost —
 * messages may be missed from now on, until `up` says it listens again (also said once at the start).
 */
export interface ChannelHandlers {
  /** Each channel's payloads, by channel name. */
  messages: Readonly<Record<string, (payload: string) => void>>;
  up(): void;
  down(): void;
}

/** Stops listening (and, on PostgreSQL, closes the subscription's own connection). */
export type Unlisten = () => Promise<void>;

/** Waits between tries to open the listening connection again: 0.1 s doubling to 5 s, for as long as it takes. */
const RETRY_MS = [100, 200, 400, 800, 1600, 3200, 5000];

/** A channel name as SQL writes it: ours are plain lower-case words, nothing to quote. */
function channelSql(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`channel ${channel} is not a plain identifier`);
  return channel;
}

/**
 * LISTEN on the channels on a connection of its own (a pooled one goes back to the pool). A lost connection says `down` at once and
 * is opened again with backoff; once it listens again it says `up`. Resolves once listening the first time (or
 * once the first try failed: the subscription then keeps trying in the background, and its owner stays `down`).
 */
export async function listenPostgres(connectionString: string, on: ChannelHandlers): Promise<Unlisten> {
  const names = Object.keys(on.messages).map(channelSql);
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    on.down();
    c.end().catch(() => {});
    if (!stopped) timer = setTimeout(() => void open(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };

  async function open(): Promise<void> {
    timer = undefined;
    const c = new pg.Client({ connectionString, keepAlive: true });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (client === c && Object.hasOwn(on.messages, n.channel)) on.messages[n.channel]!(n.payload ?? '');
    });
    try {
      await c.connect();
      // One round trip: LISTEN on every channel (a lost connection loses them all, and says so once).
      await c.query(names.map((name) => `LISTEN ${name};`).join(' '));
    } catch {
      lost(c);
      return;
    }
    if (stopped || client !== c) return;
    attempt = 0;
    on.up();
  }

  await open();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/** LISTEN on the embedded database: one connection, so never lost while it is open. */
export async function listenPglite(db: PGlite, on: ChannelHandlers): Promise<Unlisten> {
  const stops = await Promise.all(Object.entries(on.messages).map(([channel, message]) => db.listen(channelSql(channel), message)));
  on.up();
  return async () => {
    on.down();
    if (!db.closed) await Promise.all(stops.map((stop) => stop()));
  };
}
