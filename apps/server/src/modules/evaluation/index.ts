// Domain events and the reactions subscribers.ts wires to them
export { evaluationNextFacts } from './evaluation-next.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { evaluationRoutes } from './evaluation.routes.ts';

// For the demo data (db/seed)
export { adminEvaluationReply } from './evaluation-admin.service.ts';
export { addEvaluation, listEvaluations } from './evaluation.service.ts';
