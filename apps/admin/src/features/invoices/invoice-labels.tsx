import { Tag } from 'antd';
import { INVOICE_STATE_NAMES, INVOICE_STATES, type InvoiceState } from '@yance/contracts/invoice-states';

const COLORS: Record<InvoiceState, string> = {
  applied: 'blue',
  issued: 'green',
  rejected: 'red',
  withdrawn: 'default',
  reversed: 'orange',
};

export const InvoiceStateTag = ({ state }: { state: InvoiceState }) => <Tag color={COLORS[state]}>{INVOICE_STATE_NAMES[state]}</Tag>;

export const INVOICE_STATE_OPTIONS = INVOICE_STATES.map((s) => ({ value: s, label: INVOICE_STATE_NAMES[s] }));

/** The query key of one application's detail. */
export const invoiceKey = (id: number) => ['adminInvoiceDetail', id] as const;
