import { createPlantDetailService, type PlantDetailDeps } from './plant-detail.service.ts';
import { createPlantListService, type PlantListDeps } from './plant-list.service.ts';
import { createPlantRegistrationService, type PlantRegistrationDeps } from './plant-registration.service.ts';

/**
 * The plant center's one service for its routes, composed of the list (page, KPIs, map), a plant's
 * information (detail, address) and registration (add, edit, delete, dongle secrets).
 */
export function createPlantService(ctx: PlantListDeps & PlantDetailDeps & PlantRegistrationDeps) {
  return {
    ...createPlantListService(ctx),
    ...createPlantDetailService(ctx),
    ...createPlantRegistrationService(ctx),
  };
}
export type PlantService = ReturnType<typeof createPlantService>;
