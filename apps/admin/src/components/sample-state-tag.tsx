import { Tag } from 'antd';
import { SAMPLE_STATE_NAMES, type SampleState } from '@yance/contracts/sample-states';

const COLORS: Record<SampleState, string> = {
  awaiting: 'default',
  inTransit: 'blue',
  signed: 'cyan',
  testing: 'geekblue',
  kept: 'gold',
  returned: 'green',
  destroyed: 'default',
};

export const SampleStateTag = ({ state }: { state: SampleState }) => (
  <Tag color={COLORS[state]} data-testid="sample-state">
    {SAMPLE_STATE_NAMES[state]}
  </Tag>
);
