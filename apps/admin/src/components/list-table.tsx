// The console's lists: a table on a wide screen, cards on a phone. Shared with the storefront (issue 21).
export { ListTable } from '@yance/browser/list-table';
