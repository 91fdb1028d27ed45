import type { MyConsent } from '@pvstar/contract/commissioning';
import { App, Button, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';
import { useMyConsents, useSetConsent } from './api/consent-api.ts';

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
      <List<MyConsent>
        loading={consents.isPending}
        dataSource={consents.data ?? []}
        rowKey="stationId"
        locale={{ emptyText: t('commissioning:consentTab.empty') }}
        renderItem={(c) => (
          <List.Item
            data-testid={`consent-${c.stationId}`}
            actions={
              readOnly
                ? []
                : [
                    c.consent.given ? (
                      <Popconfirm
                        key="withdraw"
                        title={t('commissioning:consentTab.withdrawConfirm', { installer: c.installer })}
                        onConfirm={() => change(c.stationId, false)}
                        okButtonProps={{ danger: true }}
                      >
                        <Button danger size="small" data-testid="consent-withdraw">
                          {t('commissioning:consentTab.withdraw')}
                        </Button>
                      </Popconfirm>
                    ) : (
                      <Button
                        key="grant"
                        size="small"
                        onClick={() => change(c.stationId, true)}
                        data-testid="consent-grant"
                      >
                        {t('commissioning:consentTab.grant')}
                      </Button>
                    ),
                  ]
            }
          >
            <List.Item.Meta
              title={c.stationName}
              description={
                <>
                  {t('commissioning:consentTab.installer', { installer: c.installer })}{' '}
                  {c.consent.given ? (
                    <Tag color="green">
                      {t('commissioning:consent.given', { at: formatDateTime(c.consent.givenAt) })}
                    </Tag>
                  ) : c.consent.withdrawnAt ? (
                    <Tag color="red">
                      {t('commissioning:consent.withdrawn', { at: formatDateTime(c.consent.withdrawnAt) })}
                    </Tag>
                  ) : (
                    <Tag>{t('commissioning:consent.none')}</Tag>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
