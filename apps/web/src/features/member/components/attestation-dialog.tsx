import type { UserInfoResponse } from '@yance/contracts/user';
import { Alert, Button, Modal } from 'antd';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { useSaveProfile } from '../hooks/use-save-profile.ts';
import { ProfileForm } from './profile-form.tsx';
import styles from './profile-form.module.css';

export const PROFILE_HINT = '未完善基本信息无法正常下单';

/** Profile attestation popup (spec §2, §4): opens after login for a user with no address. */
export function AttestationDialog({ user, open, onClose }: { user: UserInfoResponse; open: boolean; onClose: () => void }) {
  const save = useSaveProfile(user);
  return (
    <AntdScope>
      <Modal open={open} onCancel={onClose} title="完善基本信息" footer={null} width={640} centered destroyOnHidden maskClosable={false}>
        {user.userInfo.attestationState === 'rejected' ? (
          <Alert
            className={styles.hint}
            type="error"
            showIcon
            title="认证资料未通过审核，请修改后重新提交"
            description={user.userInfo.attestationReason}
          />
        ) : (
          <Alert className={styles.hint} type="warning" showIcon title={PROFILE_HINT} />
        )}
        <ProfileForm
          user={user.userInfo}
          submitting={save.isPending}
          onSubmit={(values) => save.mutate(values, { onSuccess: onClose })}
          extra={<Button onClick={onClose}>稍后完善</Button>}
        />
      </Modal>
    </AntdScope>
  );
}
