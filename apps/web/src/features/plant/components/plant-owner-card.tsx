import { CONTACT_TYPES } from '@pvstar/contract/enum-values';
import type { StationDetail } from '@pvstar/contract/station';
import { emailSchema, phoneSchema } from '@pvstar/contract/validation';
import { Alert, Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormGrid } from '../../../components/form-grid.tsx';
import { zodRule } from '../../../components/zod-rule.ts';
import { blank, type PlantFormValues } from './plant-form-values.ts';

/**
 * The plant form's owner card: the owner's name and contact, both or neither (an edited plant keeps its
 * stored contact, shown masked, unless it is retyped).
 */
export function PlantOwnerCard({ plant }: { plant: StationDetail | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';
  const ownerRule = (field: 'ownerName' | 'contactInformation') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const other = form.getFieldValue(field === 'ownerName' ? 'contactInformation' : 'ownerName');
      const keeps = field === 'contactInformation' && !!plant?.contactInformation;
      if (!blank(value) && blank(other) && !keeps) throw new Error(t('common:validation.required'));
    },
  });

  return (
    <Card title={t('plant:form.owner')}>
      <Alert type="info" showIcon title={t('plant:form.ownerHint')} style={{ marginBottom: 12 }} />
      <FormGrid>
        <Form.Item
          name="ownerName"
          label={t('plant:field.ownerName')}
          dependencies={['contactInformation']}
          rules={[
            ownerRule('ownerName'),
            { max: 64, message: t('common:validation.length', { min: 1, max: 64 }) },
          ]}
        >
          <Input maxLength={64} data-testid="field-ownerName" />
        </Form.Item>
        <Form.Item name="contactType" label={t('plant:field.contactType')}>
          <Radio.Group
            optionType="button"
            options={CONTACT_TYPES.map((v) => ({
              value: v,
              label: v === 'EMAIL' ? t('plant:contactType.EMAIL') : t('plant:contactType.MOBILE'),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="contactInformation"
          label={t('plant:field.contactInformation')}
          dependencies={['ownerName', 'contactType']}
          extra={
            plant?.contactInformation
              ? t('plant:form.contactKept', { masked: plant.contactInformation })
              : undefined
          }
          rules={[
            ownerRule('contactInformation'),
            zodRule(contactType === 'EMAIL' ? emailSchema : phoneSchema),
          ]}
          normalize={(v: string) => (contactType === 'MOBILE' ? v.replace(/[^\d+]/g, '') : v)}
        >
          <Input
            maxLength={254}
            placeholder={
              plant?.contactInformation ?? (contactType === 'EMAIL' ? 'name@example.com' : '+49 170 1234567')
            }
            data-testid="field-contactInformation"
          />
        </Form.Item>
      </FormGrid>
    </Card>
  );
}
