import type { SampleState } from '@yance/contracts/sample-states';

/** The tag colour (antd preset) of each sample state, the same in the storefront and the console. */
export const SAMPLE_STATE_COLORS: Record<SampleState, string> = {
  awaiting: 'default',
  inTransit: 'blue',
  signed: 'cyan',
  testing: 'geekblue',
  kept: 'gold',
  awaitingReturn: 'orange',
  returned: 'green',
  destroyed: 'default',
};
