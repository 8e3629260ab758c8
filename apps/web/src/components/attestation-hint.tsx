import { Alert, Button } from 'antd';

export const ATTESTATION_HINT = '未完善基本信息无法正常下单';

/** The spec's hint above the plan and the order page while the attestation is incomplete, with the way to complete it. */
export function AttestationHint({ onAttest }: { onAttest: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={ATTESTATION_HINT}
      action={
        <Button size="small" type="primary" onClick={onAttest}>
          立即完善
        </Button>
      }
    />
  );
}
