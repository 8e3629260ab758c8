import { Card, Switch, Typography } from 'antd';
import { call } from '@yance/browser/api-client';
import { DEFAULT_LAB_REVIEW, type LabReviewSetting } from '@yance/contracts/setting';
import { HistoryButton } from '@/components/history-button.tsx';
import { useSaveSetting } from './use-settings.ts';

/**
 * 结果文件审核 (issue 21): by default the one who uploads a result file does not
 * pass it — a second person does (the server's result-file machine checks it).
 * A lab of one switches 单人实验室 on.
 */
export function LabReviewCard({ stored }: { stored: LabReviewSetting | null }) {
  const value = stored ?? DEFAULT_LAB_REVIEW;
  const save = useSaveSetting((v: LabReviewSetting) => call('settingLabReviewSave', { body: { labReview: v } }));
  return (
    <Card
      title="结果文件审核"
      style={{ flex: '1 1 320px' }}
      extra={<HistoryButton objectType="setting" objectId="labReview" title="结果文件审核" />}
      data-testid="lab-review"
    >
      <Typography.Paragraph>
        默认由上传人以外的另一位员工审核通过结果文件，客户才能下载（四眼原则）。只有一位实验员时，可开启「单人实验室」，允许上传人审核自己的文件。
      </Typography.Paragraph>
      <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        <Switch
          checked={value.singlePersonLab}
          loading={save.isPending}
          onChange={(on) => save.mutate({ singlePersonLab: on })}
          aria-label="单人实验室"
        />
        单人实验室：允许上传人审核自己的文件
      </label>
    </Card>
  );
}
