// What other modules use (cluster, invite, payment, promotion; createOnce: every create call, ADR 0061)
export {
  accountKey,
  type AccountRef,
  balanceOf,
  balancesOf,
  createOnce,
  groupAccountOf,
  once,
  onceWith,
  orderEntries,
  postEntry,
  type Posted,
  type Posting,
  prestoreOf,
  reconcileLedger,
  statementLine,
  statementOf,
  walletOf,
  walletPendingOf,
} from './ledger.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { purgeIdempotencyKeys } from './ledger.service.ts';
