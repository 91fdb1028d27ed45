import { FIRMWARE_DESC_LANGS } from '@pvstar/contract/firmware';
import { Checkbox, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { descLangLabel } from '../upgrade-labels.tsx';

export const DESC_MAX = 500;

/**
 * The upgrade description, its text in each description language (requirements §R9.4) and the box the user
 * ticks to confirm that every language is complete. Stacked, so that nothing is hidden behind a tab.
 */
export function DescriptionFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  return (
    <>
      <Form.Item name="description" label={t('upgrade:program.description')} rules={[required]}>
        <Input.TextArea
          maxLength={DESC_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          disabled={disabled}
          data-testid="program-description"
        />
      </Form.Item>
      <Form.Item label={t('upgrade:program.descriptions')} required style={{ marginBottom: 0 }}>
        <Row gutter={16}>
          {FIRMWARE_DESC_LANGS.map((lang) => (
            <Col xs={24} md={12} key={lang}>
              <Form.Item name={['descriptions', lang]} label={descLangLabel(t, lang)} rules={[required]}>
                <Input.TextArea
                  maxLength={DESC_MAX}
                  autoSize={{ minRows: 2, maxRows: 5 }}
                  disabled={disabled}
                  data-testid={`program-desc-${lang}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Form.Item
        name="descriptionsConfirmed"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value) => {
              if (value !== true) throw new Error(t('upgrade:program.descConfirmRequired'));
            },
          },
        ]}
      >
        <Checkbox disabled={disabled} data-testid="program-desc-confirm">
          {t('upgrade:program.descConfirm')}
        </Checkbox>
      </Form.Item>
    </>
  );
}
