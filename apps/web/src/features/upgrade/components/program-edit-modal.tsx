import type { FirmwareDescriptions, FirmwareRow } from '@pvstar/contract/firmware';
import { Button, Descriptions, Form, Modal, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { useEditProgram } from '../api/program-api.ts';
import { firmwareTypeLabel } from '../upgrade-labels.tsx';
import { DescriptionFields } from './description-fields.tsx';

interface FormValues {
  description?: string;
  descriptions?: Partial<FirmwareDescriptions>;
  descriptionsConfirmed?: boolean;
}

/**
 * Changes a program's descriptions; its image and target stay as they were (a new image is a new
 * program). The confirmation is asked again, since the texts may have changed. Mounted while open.
 */
export function ProgramEditModal({ row, onClose }: { row: FirmwareRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const edit = useEditProgram();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await edit.mutateAsync({
        id: row.id,
        description: values.description!.trim(),
        descriptions: values.descriptions as FirmwareDescriptions,
        descriptionsConfirmed: true,
      });
      message.success(t('common:saved'));
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <Modal
      open
      width={880}
      title={t('upgrade:program.editTitle')}
      onCancel={onClose}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingInlineEnd: 8 } }}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="program-cancel">
            {t('system:action.cancel')}
          </Button>
          <Button type="primary" onClick={submit} loading={edit.isPending} data-testid="program-submit">
            {t('system:action.save')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'manufacturer', label: t('upgrade:program.manufacturer'), children: row.manufacturer },
          {
            key: 'type',
            label: t('upgrade:program.firmwareType'),
            children: firmwareTypeLabel(t, row.firmwareType),
          },
          { key: 'version', label: t('upgrade:program.version'), children: row.version },
        ]}
      />
      <Form<FormValues>
        form={form}
        name="program-form"
        layout="vertical"
        requiredMark
        initialValues={{
          description: row.description,
          descriptions: row.descriptions,
          descriptionsConfirmed: false,
        }}
        data-testid="program-form"
      >
        <DescriptionFields />
      </Form>
    </Modal>
  );
}
