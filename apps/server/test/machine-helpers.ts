// Trying a machine's action without keeping anything (the machine-gates tests).
import type { AppContext } from '../src/context.ts';
import { AppError } from '../src/lib/app-error.ts';

class Rollback extends Error {}

/**
 * Runs `fn` in a transaction that is always rolled back: answers the refusal as `<kind> <words>` when fn throws an
 * AppError, null when it went through. Any other error fails the test.
 */
export async function tryRolledBack(ctx: AppContext, fn: (tx: AppContext) => Promise<unknown>): Promise<string | null> {
  let outcome: string | null = null;
  await ctx
    .tx(async (tx) => {
      try {
        await fn(tx);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcome = `${err.kind} ${err.message}`;
      }
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return outcome;
}
