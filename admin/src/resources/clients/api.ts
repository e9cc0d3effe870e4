import type { Identifier } from 'ra-core';
import type { Body, TypedApi } from '../../api/client';

export const clientsApi = (api: TypedApi) => ({
  setSavePath: (clientId: Identifier, folder: Body<'/api/clients/{id}/save-path', 'post'>) =>
    api.post('/api/clients/{id}/save-path', { params: { id: clientId }, body: folder }),
  getGoogleDriveToken: () => api.get('/api/google-drive-token'),
});
