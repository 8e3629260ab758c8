import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Input, Modal, Rate, Typography } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { adminEvaluationReplyBody, EVALUATION_REPLY_MAX, type AdminEvaluation } from '@yance/contracts/evaluation';

/** 回复 / 修改回复: 1–500 characters, checked by the contract's own rule before it is sent. */
export function ReplyDialog({ evaluation, onClose }: { evaluation: AdminEvaluation | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const value = text ?? evaluation?.reply?.text ?? '';
  const close = () => {
    setText(null);
    setProblem(undefined);
    onClose();
  };
  const save = useWrite({
    mutationFn: (body: { id: number; reply: string }, idempotencyKey) =>
      call('adminEvaluationReply', { body: { ...body, idempotencyKey } }),
    onSuccess: () => {
      void message.success('回复已保存');
      void queries.invalidateQueries({ queryKey: ['adminEvaluationList'] });
      close();
    },
  });
  const submit = () => {
    if (!evaluation) return;
    const body = adminEvaluationReplyBody.safeParse({ id: evaluation.id, reply: value });
    if (!body.success) return setProblem(body.error.issues[0]?.message);
    save.mutate(body.data);
  };
  return (
    <Modal
      open={evaluation !== null}
      title={evaluation?.reply ? '修改回复' : '回复评价'}
      okText="保存回复"
      cancelText="取消"
      okButtonProps={{ loading: save.isPending }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      {evaluation && (
        <div style={{ marginBottom: 12 }}>
          <div>
            {evaluation.name} <Rate disabled value={evaluation.stars} style={{ fontSize: 13, marginLeft: 8 }} />
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
            {evaluation.comment || '（客户未填写评价内容）'}
          </Typography.Paragraph>
        </div>
      )}
      <Input.TextArea
        value={value}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(undefined);
        }}
        maxLength={EVALUATION_REPLY_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 8 }}
        placeholder="回复内容，客户和项目详情页的访客都能看到"
        aria-label="回复内容"
        status={problem ? 'error' : undefined}
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
