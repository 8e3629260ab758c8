// What other modules use (account)
export { deviceIdOf } from './invite.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { afterOrderMoveInvite, welcomeInvitee } from './invite-reward.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { inviteRoutes } from './invite.routes.ts';
