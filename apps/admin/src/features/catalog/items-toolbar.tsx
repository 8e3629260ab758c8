import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Upload } from 'antd';
import { Link } from 'react-router';
import type { DeviceAdminQuery } from '@yance/contracts/catalog-admin';
import { PageTitle } from '@/components/page-title.tsx';
import { useCategoryOptions } from './use-taxonomy.ts';

export type ItemFilters = Pick<DeviceAdminQuery, 'kw' | 'typeId' | 'childId' | 'shelf' | 'sort'>;

const SHELF_OPTIONS = [
  { value: 'on', label: '在架' },
  { value: 'off', label: '已下架' },
];
const SORT_OPTIONS = [
  { value: 'sort', label: '按排序值' },
  { value: 'newest', label: '最新添加' },
  { value: 'order', label: '下单量' },
  { value: 'price_asc', label: '价格从低到高' },
  { value: 'price_desc', label: '价格从高到低' },
  { value: 'relevance', label: '相关度（有关键词时）' },
];

/** The item list's title with its add / export / import buttons, then the search box, filters and sort. */
export function ItemsToolbar(props: {
  filters: ItemFilters;
  onChange: (next: Partial<ItemFilters>) => void;
  onExport: () => void;
  exporting: boolean;
  onImport: (file: File) => void;
  importing: boolean;
}) {
  const { filters, onChange } = props;
  const { types, children } = useCategoryOptions();
  const childOptions = children.filter((c) => !filters.typeId || c.typeId === filters.typeId).map((c) => ({ value: c.id, label: c.name }));
  return (
    <>
      <PageTitle title="检测项目">
        <Space wrap>
          <Link to="/catalog/items/new">
            <Button type="primary" icon={<PlusOutlined />}>
              新增项目
            </Button>
          </Link>
          <Button icon={<DownloadOutlined />} loading={props.exporting} onClick={props.onExport}>
            导出
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            disabled={props.importing}
            beforeUpload={(file) => {
              props.onImport(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={props.importing}>
              导入
            </Button>
          </Upload>
        </Space>
      </PageTitle>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="名称、别名或项目编号"
          allowClear
          maxLength={50}
          defaultValue={filters.kw}
          style={{ width: 220 }}
          onSearch={(kw) => onChange({ kw: kw.trim() })}
        />
        <Select
          placeholder="全部类型"
          allowClear
          style={{ width: 120 }}
          value={filters.typeId}
          options={types.map((t) => ({ value: t.id, label: t.name }))}
          onChange={(typeId?: number) => onChange({ typeId, childId: undefined })}
          aria-label="项目类型"
        />
        <Select
          placeholder="全部分类"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 130 }}
          value={filters.childId}
          options={childOptions}
          onChange={(childId?: number) => onChange({ childId })}
          aria-label="分类"
        />
        <Select
          placeholder="上架状态"
          allowClear
          style={{ width: 110 }}
          value={filters.shelf}
          options={SHELF_OPTIONS}
          onChange={(shelf?: 'on' | 'off') => onChange({ shelf })}
          aria-label="上架状态"
        />
        <Select
          style={{ width: 170 }}
          value={filters.sort}
          options={SORT_OPTIONS}
          onChange={(sort: ItemFilters['sort']) => onChange({ sort })}
          aria-label="排序"
        />
      </Space>
    </>
  );
}
