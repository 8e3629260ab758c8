import { useState } from 'react';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Upload } from 'antd';
import { upload } from '@yance/browser/api-files';

/** What the server takes (it checks the bytes again: ADR 0037). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export interface ImageUploadProps {
  /** The stored picture's path (/upload/…), '' for none; antd Form passes it. */
  value?: string;
  onChange?: (path: string) => void;
  /** Shown under the picker: the size the page shows the picture at. */
  hint?: string;
  disabled?: boolean;
}

/**
 * A picture field: choose a file, it goes to mediaUpload (checked,
 * re-encoded and stored by the server) and the field takes the path it
 * answers. The preview is the stored file, not the local one, so what the
 * operator sees is what the storefront will show.
 */
export function ImageUpload({ value = '', onChange, hint, disabled }: ImageUploadProps) {
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      const stored = await upload('mediaUpload', file, file.name);
      onChange?.(stored.path);
    } catch {
      // The api client has shown the server's reason as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center" wrap>
        {value && <Image src={value} alt="已上传的图片" width={120} height={80} style={{ objectFit: 'cover', borderRadius: 6 }} />}
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={busy ? <LoadingOutlined /> : <PlusOutlined />} disabled={disabled || busy}>
            {value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {value && !disabled && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label="移除图片">
            移除
          </Button>
        )}
      </Flex>
      {hint && <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{hint}</span>}
    </Flex>
  );
}
