// What other modules use (cluster, invite, payment, promotion)
export {
  accountKey,
  type AccountRef,
  balanceOf,
  balancesOf,
  groupAccountOf,
  once,
  orderEntries,
  postEntry,
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
