import { PlusOutlined } from '@ant-design/icons';
import { webhook } from '@pvstar/contract/endpoints/webhook';
import { PERM } from '@pvstar/contract/perm';
import type { WebhookRow } from '@pvstar/contract/webhook';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout } from '../../components/list-layout.tsx';
import { PageTable } from '../../components/page-table.tsx';
import { Perm } from '../../permissions/perm.tsx';
import { DeliveryDrawer } from './components/delivery-drawer.tsx';
import { SecretModal } from './components/secret-modal.tsx';
import { useWebhookColumns } from './components/webhook-columns.tsx';
import { WebhookFormDrawer } from './components/webhook-form-drawer.tsx';

const NO_FILTER = {};

/** System → webhooks (2007005): signed event endpoints of the organisations in reach (docs/webhooks.md). */
export default function WebhookPage() {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();
  const [editing, setEditing] = useState<{ row: WebhookRow | null } | null>(null);
  const [log, setLog] = useState<WebhookRow | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const columns = useWebhookColumns({ modal, setEditing, setLog, setSecret });

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('webhook:title')}
        extra={
          <Perm codes={[PERM.webhookAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ row: null })}
              data-testid="webhook-add"
            >
              {t('webhook:add')}
            </Button>
          </Perm>
        }
      >
        <PageTable endpoint={webhook.page} filter={NO_FILTER} columns={columns} data-testid="webhook-table" />
      </ListLayout>
      <WebhookFormDrawer
        open={editing !== null}
        row={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onSecret={(s) => setSecret(s.secret)}
      />
      <DeliveryDrawer row={log} onClose={() => setLog(null)} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
