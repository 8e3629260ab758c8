import type { UserInfoResponse } from '@yance/contracts/user';
import { Alert } from 'antd';
import { useSaveProfile } from '../hooks/use-save-profile.ts';
import { ContactForm, UsernameForm } from './account-forms.tsx';
import { ProfileForm } from './profile-form.tsx';
import layout from './member-layout.module.css';

/** 个人信息: the profile (update4profile), the login user name (updateInfo) and the phone (update4contact). */
export function MemberInformation({ user }: { user: UserInfoResponse }) {
  const save = useSaveProfile(user);
  return (
    <>
      <section className={layout.card}>
        <h1 className={layout.cardTitle}>基本信息</h1>
        <ReviewNote info={user.userInfo} />
        <ProfileForm user={user.userInfo} submitting={save.isPending} onSubmit={(v) => save.mutate(v)} submitText="保存" />
      </section>
      <section className={layout.card}>
        <h2 className={layout.cardTitle}>登录用户名</h2>
        <UsernameForm user={user.userInfo} />
      </section>
      <section className={layout.card}>
        <h2 className={layout.cardTitle}>更换手机号</h2>
        <ContactForm user={user.userInfo} />
      </section>
    </>
  );
}

/** What the review of the form said (ADR 0035): the reason of a rejection, to fix and submit again. */
function ReviewNote({ info }: { info: UserInfoResponse['userInfo'] }) {
  if (info.attestationState === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        title="认证资料未通过审核，请修改后重新提交"
        description={info.attestationReason}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (info.attestationState === 'pending') {
    return <Alert type="info" showIcon title="认证资料已提交，等待审核" style={{ marginBottom: 16 }} />;
  }
  return null;
}
