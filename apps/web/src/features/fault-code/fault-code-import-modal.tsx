import { InboxOutlined } from '@ant-design/icons';
import type { FaultImportError } from '@pvstar/contract/fault-code';
import { Alert, Modal, message, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportRefused, importFaultCodes, useInvalidateFaultCodes } from './api/fault-code-api.ts';

const MAX_BYTES = 2 * 1024 * 1024;

/**
 * Import of an xlsx in the export's layout. The server checks every row first: a refused file lists
 * each bad row and field here, and nothing has been imported.
 */
export function FaultCodeImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateFaultCodes();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ msg: string; errors: FaultImportError[] } | null>(null);

  useEffect(() => {
    if (open) setRefused(null);
  }, [open]);

  const upload = async (file: File) => {
    setRefused(null);
    if (file.size > MAX_BYTES) {
      message.error(t('faultCode:import.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const result = await importFaultCodes(file);
      await invalidate();
      // The server's message for it, from the shared catalogue: an upload hands back its data only.
      message.success(t('common:faultCode.imported', result));
      onClose();
    } catch (err) {
      if (err instanceof ImportRefused) setRefused({ msg: err.message, errors: err.errors });
      else message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      width={760}
      title={t('faultCode:import.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('faultCode:import.hint')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? t('faultCode:import.busy') : t('faultCode:import.drop')}</p>
      </Upload.Dragger>
      {refused && (
        <div style={{ marginTop: 16 }} data-testid="import-errors">
          <Alert type="error" showIcon message={refused.msg} style={{ marginBottom: 12 }} />
          <Table<FaultImportError & { key: number }>
            size="small"
            pagination={refused.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            dataSource={refused.errors.map((e, key) => ({ ...e, key }))}
            columns={[
              { title: t('faultCode:import.row'), dataIndex: 'row', width: 70, align: 'right' },
              {
                title: t('faultCode:import.column'),
                dataIndex: 'field',
                width: 170,
                render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
              },
              { title: t('faultCode:import.problem'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
