import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The service agreement or the privacy policy, read in a dialog. */
export default function ConsentDialog({
  title,
  text,
  onClose,
}: {
  title: string;
  text: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      width={560}
      closable={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('action.close')}
        </Button>
      }
    >
      <div style={{ whiteSpace: 'pre-line' }}>{text}</div>
    </Modal>
  );
}
