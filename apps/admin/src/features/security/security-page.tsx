import { Col, Descriptions, Row, Tag, Typography } from 'antd';
import { STAFF_ROLE_NAMES } from '@yance/contracts/staff';
import { useMe } from '@/lib/me.ts';
import { PasswordCard } from './password-card.tsx';
import { TotpCard } from './totp-card.tsx';

/** 账号安全: every staff member's own page (header menu): who they are, their password, their authenticator. */
export default function SecurityPage() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        账号安全
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="账号">{me.account}</Descriptions.Item>
        <Descriptions.Item label="姓名">{me.name || '—'}</Descriptions.Item>
        <Descriptions.Item label="角色">
          {me.roles.map((r) => (
            <Tag key={r}>{STAFF_ROLE_NAMES[r]}</Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <TotpCard me={me} />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
      </Row>
    </>
  );
}
