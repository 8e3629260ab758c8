// What other modules use (contract, demand, invoice, lab, payment; also db/seed)
export { getPrivateFile, putPrivateFile, sendPrivateFile } from './private-file.service.ts';
export { type FileStorage } from './storage.service.ts';
export { type UploadedFile } from './upload.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { mediaRoutes, uploadServeRoutes } from './media.routes.ts';
export { createPrivateStorage, createStorage } from './storage.service.ts';
