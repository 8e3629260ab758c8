// Routes, jobs and providers that app.ts mounts and starts
export { reservationAdminRoutes, reservationRoutes } from './reservation.routes.ts';
