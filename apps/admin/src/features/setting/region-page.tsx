import { Alert, Button, Card, Empty, Flex, Input, Spin, Tag, Tree, Typography, type TreeProps } from 'antd';
import { useMemo, useRef, useState, type ComponentRef } from 'react';
import { call } from '@yance/browser/api-client';
import { allowRegion, type AllowRegion } from '@yance/contracts/setting';
import { LoadError } from '@/components/load-error.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ancestorsOf, REGION_TREE, regionsOf, search } from './region-tree.ts';
import { useSaveSetting, useSettings } from './use-settings.ts';

const SHOWN_TAGS = 60;

/** 上门取样地区: the cities and districts where staff collect samples at the customer's door. */
export default function RegionPage() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  if (settings.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <RegionForm stored={settings.data.allowRegion ?? []} />;
}

function RegionForm({ stored }: { stored: AllowRegion }) {
  const tree = useRef<ComponentRef<typeof Tree>>(null);
  const [checked, setChecked] = useState<string[]>(() => stored.map((r) => r.code));
  const [expanded, setExpanded] = useState<string[]>(() => [...new Set(stored.flatMap((r) => ancestorsOf(r.code)))]);
  const [kw, setKw] = useState('');
  const [error, setError] = useState('');
  const hits = useMemo(() => search(kw), [kw]);
  const regions = useMemo(() => regionsOf(new Set(checked)), [checked]);
  const save = useSaveSetting((value: AllowRegion) => call('settingAllowRegionSave', { body: { allowRegion: value } }));

  const find = (words: string) => {
    const found = search(words.trim());
    setKw(words.trim());
    if (found.length === 0) return;
    setExpanded((e) => [...new Set([...e, ...found.slice(0, 50).flatMap(ancestorsOf)])]);
    // The tree is virtual: scroll once the expanded rows exist.
    setTimeout(() => tree.current?.scrollTo({ key: found[0]!, align: 'top' }), 0);
  };
  const onCheck: TreeProps['onCheck'] = (keys) => {
    setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
    setError('');
    save.reset();
  };
  const submit = () => {
    const parsed = allowRegion.safeParse(regions);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '[上门取样区域]格式不正确');
    save.mutate(parsed.data);
  };

  return (
    <>
      <PageTitle title="上门取样地区">
        <HistoryButton objectType="setting" objectId="allowRegion" title="上门取样地区" />
      </PageTitle>
      <Flex gap={16} wrap align="flex-start">
        <Card title="选择城市或区县" style={{ flex: '1 1 360px', maxWidth: 560 }}>
          <Input.Search
            placeholder="搜索省、市、区县"
            allowClear
            onSearch={find}
            onChange={(e) => !e.target.value && setKw('')}
            style={{ marginBottom: 8 }}
          />
          {kw && (
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {hits.length ? `找到 ${hits.length} 处“${kw}”，已展开并标出` : `没有名称含“${kw}”的地区`}
            </Typography.Text>
          )}
          <Tree
            ref={tree}
            checkable
            height={480}
            treeData={REGION_TREE}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={onCheck}
            selectable={false}
            titleRender={(node) => <Highlight text={String(node.title)} kw={kw} />}
          />
        </Card>
        <Card title={`已选 ${regions.length} 个`} style={{ flex: '1 1 300px' }}>
          <Typography.Paragraph type="secondary">
            勾选整个城市即该市全部区县可上门取样；只勾部分区县则仅这些区县可选。客户在下单时只能选择这里的地区。
          </Typography.Paragraph>
          {regions.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择地区：网站将不提供上门取样" />
          ) : (
            <Flex gap={6} wrap style={{ marginBottom: 16 }}>
              {regions.slice(0, SHOWN_TAGS).map((r) => (
                <Tag key={r.code} style={{ marginInlineEnd: 0 }}>
                  {r.city}
                  {r.district || '（全市）'}
                </Tag>
              ))}
              {regions.length > SHOWN_TAGS && <Tag>等 {regions.length} 个</Tag>}
            </Flex>
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Card>
      </Flex>
    </>
  );
}

function Highlight({ text, kw }: { text: string; kw: string }) {
  const at = kw ? text.indexOf(kw) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark style={{ padding: 0, background: '#ffe58f' }}>{kw}</mark>
      {text.slice(at + kw.length)}
    </>
  );
}
