import { Tag } from 'antd';
import { DEMAND_STATE_NAMES, DEMAND_STATES, type DemandState } from '@yance/contracts/demand';

/** Waiting on the manager (orange), on the customer (gold), done (green), stopped (grey). */
const STATE_COLORS: Record<DemandState, string> = {
  open: 'orange',
  quoted: 'gold',
  accepted: 'success',
  declined: 'red',
  expired: 'default',
  withdrawn: 'default',
};

export const DemandStateTag = ({ state }: { state: DemandState }) => (
  <Tag color={STATE_COLORS[state]} data-testid="demand-state">
    {DEMAND_STATE_NAMES[state]}
  </Tag>
);

export const DEMAND_STATE_OPTIONS = DEMAND_STATES.map((value) => ({ value, label: DEMAND_STATE_NAMES[value] }));

export const demandKey = (id: number) => ['adminDemandDetail', id] as const;
