// The app's processes: the environment production demands, and one process per
// port started, probed for readiness, signalled and restarted.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Hopeless, startChild, stopChild, tail, until, type Child } from './procs.ts';

/** How one production process starts, from the repository root: as yance@.service starts it (npm run build made it). */
export const SERVER_ARGS = ['apps/server/dist/server.js'];
/** The deploy's migrate step, as yance-migrate.service runs it. */
export const MIGRATE_ARGS = ['apps/server/dist/migrate.js'];

/** Grace the test gives a SIGTERMed process (SHUTDOWN_GRACE_MS) before it would be killed. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface Shared {
  repoRoot: string;
  logDir: string;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  publicUrl: string;
}

/** What the processes of one run share: the secrets production refuses to default. */
export interface Secrets {
  codeHashSecret: string;
  localPaymentSecret: string;
  alipayPrivateKey: string;
  alipayPublicKey: string;
}

export function newSecrets(): Secrets {
  const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Alipay's public key is another key pair's public half: the config refuses our own public half there.
  const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    codeHashSecret: randomBytes(32).toString('hex'),
    localPaymentSecret: randomBytes(24).toString('hex'),
    alipayPrivateKey: ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: theirs.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Only what a child needs from ours: no DATABASE_URL, NODE_ENV or PORT of the machine's own leaks in. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

/**
 * Production as deploy/systemd/yance.env.example describes it: real providers
 * with dummy credentials (nothing is sent: this machine reaches no SMS, mail or
 * payment service, and sending fails like any provider outage), PostgreSQL,
 * Redis, one shared DATA_DIR.
 */
export function productionEnv(shared: Shared, secrets: Secrets): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl,
    DATA_DIR: shared.dataDir,
    STORAGE: 'local',
    STORAGE_LOCAL_SHARED: 'true',
    PUBLIC_URL: shared.publicUrl,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
    CODE_HASH_SECRET: secrets.codeHashSecret,
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'cluster-test-key-id',
    ALIYUN_ACCESS_KEY_SECRET: 'cluster-test-key-secret',
    ALIYUN_SMS_SIGN_NAME: '研测',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000001',
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_000000002',
    ALIYUN_SMS_ORDER_TEMPLATE_CODE: 'SMS_000000003',
    WX_PROVIDER: 'official',
    WX_APP_ID: 'wx0000000000000000',
    WX_APP_SECRET: 'cluster-test-wx-secret',
    WX_CALLBACK_TOKEN: 'cluster-test-wx-token',
    MAIL_PROVIDER: 'smtp',
    MAIL_FROM: '研测 <notice@yance.invalid>',
    // Nothing listens there: a mail job fails at once and is retried, as with an SMTP outage.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '9',
    PAYMENT_GATEWAYS: 'alipay',
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_PRIVATE_KEY: secrets.alipayPrivateKey,
    ALIPAY_PUBLIC_KEY: secrets.alipayPublicKey,
  };
}

/**
 * The one development run that loads the fixtures before production starts:
 * demo data (production refuses it) and the local payment gateway the
 * customers' balances are topped up through.
 */
export function fixtureEnv(shared: Shared, secrets: Secrets): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl,
    DATA_DIR: shared.dataDir,
    PUBLIC_URL: shared.publicUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    CODE_HASH_SECRET: secrets.codeHashSecret,
    PAYMENT_GATEWAYS: 'local',
    PAYMENT_LOCAL_SECRET: secrets.localPaymentSecret,
  };
}

export class AppProcess {
  private child: Child | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly shared: Shared,
  ) {}

  get logFile(): string {
    return path.join(this.shared.logDir, `${this.name}.log`);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.alive() ? this.child.pid : undefined;
  }

  alive(): boolean {
    return this.child?.alive() ?? false;
  }

  /** Starts the process (not waiting for it). */
  start(): void {
    if (this.alive()) throw new Error(`${this.name} is already running`);
    this.child = startChild(this.name, process.execPath, SERVER_ARGS, this.logFile, {
      cwd: this.shared.repoRoot,
      env: { ...this.env, PORT: String(this.port) },
    });
  }

  /** GET path on this process directly; status 0 when nothing answers. */
  async probe(pathname: string): Promise<number> {
    try {
      const res = await fetch(`${this.baseUrl}${pathname}`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Resolves once GET /readyz answers 200 (the process listens only once ready, so refused until then). */
  async waitReady(timeoutMs: number): Promise<void> {
    const child = this.child;
    if (!child) throw new Error(`${this.name} was not started`);
    await until(
      `${this.name} (port ${this.port}) to answer /readyz 200`,
      async () => {
        if (!child.alive()) throw new Hopeless(`${this.name} exited with ${await child.exited}:\n${tail(this.logFile, 8)}`);
        return (await this.probe('/readyz')) === 200;
      },
      timeoutMs,
      200,
    );
  }

  /** Sends a signal; answers how the process ended once it has (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals, graceMs = SHUTDOWN_GRACE_MS + 5_000): Promise<number | string> {
    if (!this.child) return 'not started';
    return stopChild(this.child, signal, graceMs);
  }

  /** Resolves with the exit code or signal once the process has exited. */
  exited(): Promise<number | string> {
    return this.child ? this.child.exited : Promise.resolve('not started');
  }

  logTail(lines = 20): string {
    return tail(this.logFile, lines);
  }
}
