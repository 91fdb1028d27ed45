import type { StationRow } from '@pvstar/contract/station';
import { useTranslation } from 'react-i18next';
import { ConfirmNameDeleteModal } from '../../../components/confirm-name-delete-modal.tsx';
import { useDeletePlant } from '../api/plant-api.ts';

/**
 * Deleting a plant removes its devices and all their data, so its name must be typed to confirm (as
 * for organisations); the server checks the name too.
 */
export function PlantDeleteModal({
  plant,
  onClose,
  onDeleted,
}: {
  plant: Pick<StationRow, 'id' | 'stationName'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePlant();
  return (
    <ConfirmNameDeleteModal
      name={plant?.stationName ?? null}
      texts={{
        title: t('plant:delete.title'),
        irreversible: t('plant:delete.irreversible'),
        typeName: t('plant:delete.typeName'),
      }}
      testIds={{ ok: 'station-delete-ok', input: 'station-delete-input' }}
      onDelete={(confirmName) => remove.mutateAsync({ id: plant!.id, confirmName })}
      pending={remove.isPending}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
