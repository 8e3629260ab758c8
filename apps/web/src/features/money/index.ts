// The money feature's front door (ADR 0059): what another feature may use of it.
export { useGroupFunds } from './api/group-funds.ts';
export { GroupTransferDialog, type TransferDirection } from './components/group-transfer-dialog.tsx';
