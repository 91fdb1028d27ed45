import type { Dashboard } from '../dashboard.ts';
import { endpoints, get } from '../endpoint.ts';
import { PERM } from '../perm.ts';

/** The home page's figures. */
export const dashboard = endpoints('dashboard', {
  /**
   * Plant figures need the plant area's code: without it the answer is 403 and the web shows only the
   * greeting and the areas (the /dashboard page itself is open to every signed-in user).
   */
  figures: get<Record<never, never>, Dashboard>(
    '/station/dashboard',
    { perm: PERM.station, token: 'read' },
    'Get the dashboard figures',
  ),
});
