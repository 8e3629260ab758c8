import { Tag } from 'antd';
import { SAMPLE_STATE_NAMES, type SampleState } from '@yance/contracts/sample-states';
import { SAMPLE_STATE_COLORS } from '@yance/browser/state-colors';

export const SampleStateTag = ({ state }: { state: SampleState }) => (
  <Tag color={SAMPLE_STATE_COLORS[state]} data-testid="sample-state">
    {SAMPLE_STATE_NAMES[state]}
  </Tag>
);
