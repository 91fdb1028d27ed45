import type { MyConsent } from '@pvstar/contract/commissioning';
import { App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';
import { useMyConsents, useSetConsent } from './api/consent-api.ts';

/** Whether the consent stands, was withdrawn, or was never recorded (an owner linked before invitations). */
function ConsentTag({ consent }: { consent: MyConsent['consent'] }) {
  const { t } = useTranslation();
  if (consent.given)
    return (
      <Tag color="green">{t('commissioning:consent.given', { at: formatDateTime(consent.givenAt) })}</Tag>
    );
  if (consent.withdrawnAt)
    return (
      <Tag color="red">
        {t('commissioning:consent.withdrawn', { at: formatDateTime(consent.withdrawnAt) })}
      </Tag>
    );
  return <Tag>{t('commissioning:consent.none')}</Tag>;
}

/**
 * The owner's consent to share each plant's data with its installer (personal centre): given when the
 * invitation was accepted; withdrawn or given again here. What withdrawal means is said on the tab
 * (docs/decisions/025-commissioning-and-handover.md).
 */
export function ConsentTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const consents = useMyConsents();
  const set = useSetConsent();
  const change = async (stationId: number, given: boolean) => {
    await set.mutateAsync({ stationId, given });
    message.success(t(given ? 'common:consent.granted' : 'common:consent.withdrawn'));
  };
  return (
    <div style={{ maxWidth: 720 }} data-testid="consent-tab">
      <Typography.Paragraph type="secondary">{t('commissioning:consentTab.intro')}</Typography.Paragraph>
      {consents.isPending ? (
        <Skeleton active />
      ) : (consents.data ?? []).length === 0 ? (
        <Empty description={t('commissioning:consentTab.empty')} />
      ) : (
        <Flex vertical gap={12}>
          {(consents.data ?? []).map((c) => (
            <Card size="small" key={c.stationId} data-testid={`consent-${c.stationId}`}>
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Flex vertical gap={4} align="flex-start">
                  <Typography.Text strong>{c.stationName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('commissioning:consentTab.installer', { installer: c.installer })}
                  </Typography.Text>
                  <ConsentTag consent={c.consent} />
                </Flex>
                {!readOnly &&
                  (c.consent.given ? (
                    <Popconfirm
                      title={t('commissioning:consentTab.withdrawConfirm', { installer: c.installer })}
                      onConfirm={() => change(c.stationId, false)}
                      okButtonProps={{ danger: true }}
                    >
                      <Button danger data-testid="consent-withdraw">
                        {t('commissioning:consentTab.withdraw')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button onClick={() => change(c.stationId, true)} data-testid="consent-grant">
                      {/* "Again" only where there was a consent to withdraw. */}
                      {c.consent.withdrawnAt
                        ? t('commissioning:consentTab.grantAgain')
                        : t('commissioning:consentTab.grant')}
                    </Button>
                  ))}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </div>
  );
}
