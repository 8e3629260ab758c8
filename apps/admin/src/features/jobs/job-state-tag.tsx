import { Tag } from 'antd';
import { JOB_STATE_NAMES } from '@yance/contracts/job';
import type { JobState } from '@yance/contracts/states';

const STATE_COLORS: Record<JobState, string> = { queued: 'blue', running: 'processing', done: 'green', failed: 'red' };

export const JobStateTag = ({ state }: { state: JobState }) => <Tag color={STATE_COLORS[state]}>{JOB_STATE_NAMES[state]}</Tag>;
