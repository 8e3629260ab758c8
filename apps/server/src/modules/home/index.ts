// What other modules use (content-admin)
export { activePopup, HOME_POPUP_KEY, inWindow, readPopup } from './home.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { invalidateHomeCache } from './home.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { homeRoutes } from './home.routes.ts';
