import { Alert, Modal, Space, Statistic, Typography } from 'antd';
import type { ImportReport } from '@yance/contracts/catalog-admin';
import { ListTable } from '@/components/list-table.tsx';

/** What an .xlsx import did, row by row: how many rows were added and updated, and each refused row with its number and reason. */
export function ImportReportModal({ report, onClose }: { report: (ImportReport & { file: string }) | null; onClose: () => void }) {
  const rows = (list: number[]) => (list.length ? list.join('、') : '—');
  return (
    <Modal
      title={report ? `导入结果：${report.file}` : ''}
      open={report !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="知道了"
      width={720}
      destroyOnHidden
    >
      {report && (
        <div data-testid="import-report">
          <Space size={48} style={{ marginBottom: 16 }}>
            <Statistic title="新增" value={report.added} />
            <Statistic title="更新" value={report.updated} />
            <Statistic title="拒绝" value={report.refused.length} valueStyle={report.refused.length ? { color: '#cf1322' } : undefined} />
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            新增的行：{rows(report.addedRows)}；更新的行：{rows(report.updatedRows)}（行号按表格计，表头为第 1 行）
          </Typography.Paragraph>
          {report.refused.length === 0 ? (
            <Alert type="success" showIcon title="所有行都已导入。" />
          ) : (
            <>
              <Alert
                type="warning"
                showIcon
                title="以下行没有导入，改正后可再次导入同一文件（已导入的行按项目编号更新）。"
                style={{ marginBottom: 12 }}
              />
              <ListTable
                size="small"
                rowKey={(r) => `${r.row}-${r.rid}`}
                dataSource={report.refused}
                pagination={report.refused.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 560 }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '项目编号', dataIndex: 'rid', width: 130, render: (rid: string) => rid || '—' },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
