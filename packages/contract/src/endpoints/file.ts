import { download, endpoints, upload } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type { UploadResult } from '../station.ts';

/** Plant pictures: uploaded by whoever may add or edit a plant, served to signed-in users only. */
export const file = endpoints('file', {
  upload: upload<Record<never, never>, UploadResult>(
    '/file/upload',
    {
      perm: [PERM.stationAdd, PERM.stationEdit],
      write: true,
      token: 'write',
    },
    'Upload a picture',
  ),
  /** A stored picture by its name (the last part of the URL a plant keeps), as an attachment. */
  picture: download<{ params: { name: string } }>(
    'GET',
    '/file/pictures/:name',
    {
      signedIn: true,
      token: 'read',
    },
    'Download a picture',
  ),
});
