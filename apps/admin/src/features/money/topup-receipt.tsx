import { FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, Skeleton, Typography } from 'antd';
import { download, saveFile } from '@yance/browser/api-files';
import type { AdminTopup } from '@yance/contracts/topup';

/** The kinds a browser shows in an <img> (the receipt upload takes pictures and PDFs). */
const isPicture = (type: string) => /^image\/(png|jpeg|webp|gif|avif)$/.test(type);

/**
 * A picture as a data: URL (the page's CSP allows them for images): unlike an
 * object URL it needs no revoking, and it goes when the query leaves the cache.
 */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('转账凭证无法读取'));
    reader.readAsDataURL(blob);
  });

/**
 * The transfer's receipt, fetched with the staff token (a private file has no
 * public address): a picture inline (click to enlarge), anything else (a PDF)
 * as a download.
 */
export function TopupReceipt({ topup }: { topup: AdminTopup }) {
  const file = useQuery({
    queryKey: ['adminTopupReceipt', topup.id],
    queryFn: async () => {
      const got = await download('adminTopupReceipt', { id: topup.id }, `转账凭证-${topup.no}`);
      return { ...got, picture: isPicture(got.blob.type) ? await dataUrlOf(got.blob) : null };
    },
    // The file never changes: no refetch on focus, and no second try after a refusal (already toasted).
    staleTime: Infinity,
    retry: false,
  });
  if (file.isPending) return <Skeleton.Image active style={{ width: 240, height: 160 }} />;
  if (file.isError) return <Typography.Text type="danger">转账凭证无法读取：{file.error.message}</Typography.Text>;
  const { picture, blob, filename } = file.data;
  if (picture)
    return (
      <Image
        src={picture}
        alt={`转账凭证 ${topup.no}`}
        style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain', border: '1px solid #f0f0f0' }}
        data-testid="receipt-image"
      />
    );
  return (
    <Button
      icon={blob.type === 'application/pdf' ? <FilePdfOutlined /> : <PaperClipOutlined />}
      onClick={() => saveFile(file.data)}
      data-testid="receipt-download"
    >
      下载 {filename}
    </Button>
  );
}
