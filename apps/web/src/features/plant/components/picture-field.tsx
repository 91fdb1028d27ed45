import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS } from '@pvstar/contract/station';
import { App, Button, Flex, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from '../api/plant-api.ts';
import { PlantPicture } from './plant-picture.tsx';

/**
 * The plant picture as a form control: the value is the URL the upload answered. The server decides
 * what a picture is (by its bytes); the checks here only save a pointless upload.
 */
export function PictureField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const maxMb = PICTURE_MAX_BYTES / 1024 / 1024;
  return (
    <Flex gap={12} align="center" wrap>
      <PlantPicture path={value} size={72} />
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept="image/png,image/jpeg,image/webp"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              if (file.size > PICTURE_MAX_BYTES) {
                message.error(t('common:file.tooLarge', { max: maxMb }));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setBusy(true);
              uploadPicture(file as File)
                .then((res) => {
                  onChange?.(res.url);
                  onSuccess?.(res);
                })
                .catch((err: Error) => {
                  message.error(err.message);
                  onError?.(err);
                })
                .finally(() => setBusy(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="picture-upload">
              {value ? t('plant:picture.replace') : t('plant:picture.upload')}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="picture-remove">
              {t('plant:picture.remove')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('plant:picture.hint', { max: maxMb, megapixels: PICTURE_MAX_PIXELS / 1_000_000 })}
        </Typography.Text>
      </Space>
    </Flex>
  );
}
