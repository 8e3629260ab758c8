import { DownOutlined, LogoutOutlined, MenuOutlined, SafetyOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, Space, Tag, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { STAFF_ROLE_NAMES } from '@yance/contracts/staff';
import { useMe } from '@/lib/me.ts';
import { signOut } from '@/lib/sign-out.ts';
import { entryOf, menuFor } from './menu.tsx';

const SIDER_WIDTH = 208;

/** The console's frame: the side menu (a drawer on a phone), a header with the staff member, breadcrumbs, the page. */
export function ConsoleLayout() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.lg;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const groups = menuFor(me?.permissions ?? []);
  const current = entryOf(pathname);
  const userMenu: MenuProps = {
    items: [
      { key: '/security', icon: <SafetyOutlined />, label: '账号安全' },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
    ],
    onClick: ({ key }) => {
      if (key === 'logout') void signOut().then(() => navigate('/login', { replace: true }));
      else navigate(key);
    },
  };

  const items: MenuProps['items'] = groups.map((g) => ({
    type: 'group',
    key: g.key,
    label: g.label,
    children: g.entries.map((e) => ({ key: e.path, icon: e.icon, label: <Link to={e.path}>{e.label}</Link> })),
  }));
  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={current ? [current.entry.path] : []}
      onClick={() => setDrawerOpen(false)}
      style={{ borderInlineEnd: 0 }}
    />
  );
  const brand = (
    <Link to="/" style={{ display: 'block', padding: '16px 24px', fontWeight: 600, fontSize: 16, color: 'inherit' }}>
      研测 · 运营后台
    </Link>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={SIDER_WIDTH + 40} title="研测 · 运营后台">
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider width={SIDER_WIDTH} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          {brand}
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: narrow ? '0 12px' : '0 24px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {narrow && <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />}
          {narrow && <Typography.Text strong>运营后台</Typography.Text>}
          <Space style={{ marginInlineStart: 'auto' }} size={narrow ? 4 : 12}>
            {!narrow && me?.roles.map((r) => <Tag key={r}>{STAFF_ROLE_NAMES[r]}</Tag>)}
            <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
              <Button type="text" aria-label="我的账号">
                <Typography.Text strong data-testid="staff-name" ellipsis style={{ maxWidth: narrow ? 120 : 200 }}>
                  {me?.name || me?.account}
                </Typography.Text>
                <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <Breadcrumb
            style={{ marginBottom: 16 }}
            items={[
              { title: <Link to="/">运营后台</Link> },
              ...(current && current.entry.path !== '/' ? [{ title: current.group.label }] : []),
              // A page inside an entry (an order, a customer) leads back to the entry's list.
              ...(current && current.entry.path !== pathname
                ? [{ title: <Link to={current.entry.path}>{current.entry.label}</Link> }, { title: '详情' }]
                : [{ title: current?.entry.label ?? '页面不存在' }]),
            ]}
          />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
