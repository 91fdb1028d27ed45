import { CopyOutlined } from '@ant-design/icons';
import {
  FIRMWARE_DESC_LANGS,
  type FirmwareDescLang,
  type FirmwareDescriptions,
} from '@pvstar/contract/firmware';
import { Button, Checkbox, Col, Flex, Form, Input, Row, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { descLangLabel } from '../upgrade-labels.tsx';

export const DESC_MAX = 500;

const filled = (text: string | undefined) => !!text?.trim();

/** The languages whose description is still empty, in the form's order. */
export const missingLangs = (descriptions: Partial<FirmwareDescriptions> | undefined): FirmwareDescLang[] =>
  FIRMWARE_DESC_LANGS.filter((lang) => !filled(descriptions?.[lang]));

/** Says which languages are missing, named in the reader's language and list style. */
const missingText = (t: TFunction, language: string, langs: FirmwareDescLang[]) =>
  t('upgrade:program.descMissingList', {
    langs: new Intl.ListFormat(language, { type: 'conjunction' }).format(
      langs.map((l) => descLangLabel(t, l)),
    ),
  });

/**
 * The upgrade description, its text in each description language (requirements §R9.4) and the box the user
 * ticks to confirm that every language is complete. Stacked, so that nothing is hidden behind a tab. What is
 * asked is that the languages be confirmed complete, not that each be typed: each says whether it is done,
 * one button copies the upgrade description into the empty ones, and a refusal names those still missing.
 */
export function DescriptionFields({ disabled }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const main = Form.useWatch('description', form) as string | undefined;
  const descriptions = Form.useWatch('descriptions', form) as Partial<FirmwareDescriptions> | undefined;
  const missing = missingLangs(descriptions);
  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  const copyMain = () => {
    const text = main?.trim();
    if (!text) return;
    form.setFieldsValue({ descriptions: Object.fromEntries(missing.map((lang) => [lang, text])) });
    void form
      .validateFields(['descriptionsConfirmed', ...missing.map((lang) => ['descriptions', lang])])
      .catch(() => undefined);
  };
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
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" data-testid="program-desc-count">
            {t('upgrade:program.descCount', {
              done: FIRMWARE_DESC_LANGS.length - missing.length,
              total: FIRMWARE_DESC_LANGS.length,
            })}
          </Typography.Text>
          <Button
            icon={<CopyOutlined />}
            onClick={copyMain}
            disabled={disabled || !filled(main) || missing.length === 0}
            data-testid="program-desc-copy"
          >
            {t('upgrade:program.descCopy')}
          </Button>
        </Flex>
        <Row gutter={16}>
          {FIRMWARE_DESC_LANGS.map((lang) => (
            <Col xs={24} md={12} key={lang}>
              <Form.Item
                name={['descriptions', lang]}
                label={
                  <Flex gap={8} align="center">
                    {descLangLabel(t, lang)}
                    <LangStatus done={!missing.includes(lang)} lang={lang} />
                  </Flex>
                }
                rules={[required]}
              >
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
        dependencies={FIRMWARE_DESC_LANGS.map((lang) => ['descriptions', lang])}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              const still = missingLangs(getFieldValue('descriptions'));
              // Confirmed or not, what is missing is said first: that is what stands in the way.
              if (still.length) throw new Error(missingText(t, i18n.language, still));
              if (value !== true) throw new Error(t('upgrade:program.descConfirmRequired'));
            },
          }),
        ]}
      >
        <Checkbox disabled={disabled} data-testid="program-desc-confirm">
          {t('upgrade:program.descConfirm')}
        </Checkbox>
      </Form.Item>
    </>
  );
}

/** Whether a language's description is written (or copied) yet. */
function LangStatus({ done, lang }: { done: boolean; lang: FirmwareDescLang }) {
  const { t } = useTranslation();
  return (
    <Tag color={done ? 'success' : 'warning'} bordered={false} data-testid={`program-desc-status-${lang}`}>
      {done ? t('upgrade:program.descDone') : t('upgrade:program.descMissing')}
    </Tag>
  );
}
