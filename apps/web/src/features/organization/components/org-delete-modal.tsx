import type { OrgRow } from '@pvstar/contract/org';
import { useTranslation } from 'react-i18next';
import { ConfirmNameDeleteModal } from '../../../components/confirm-name-delete-modal.tsx';
import { useDeleteOrg } from '../api/org-api.ts';

/**
 * Deleting an organisation is irreversible, so its name must be typed to confirm (requirements §R10.2); the
 * server checks the name and that no sub-organisations are left as well.
 */
export function OrgDeleteModal({ org, onClose }: { org: OrgRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOrg();
  return (
    <ConfirmNameDeleteModal
      name={org?.name ?? null}
      texts={{
        title: t('org:delete.title'),
        irreversible: t('org:delete.irreversible'),
        typeName: t('org:delete.typeName'),
      }}
      testIds={{ ok: 'org-delete-ok', input: 'org-delete-confirm-input' }}
      onDelete={(confirmName) => remove.mutateAsync({ id: org!.id, confirmName })}
      pending={remove.isPending}
      onClose={onClose}
    />
  );
}
