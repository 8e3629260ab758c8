/**
 * A problem of the environment found while the app gets ready (a storage
 * bucket that does not exist or refuses our key): server.ts prints its
 * message as one line, without a stack, and exits, as it does for a wrong
 * environment variable. The operator fixes it and starts again.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
