// What the job module announces (ADR 0058).
import { eventKey } from '../../lib/events.ts';

/**
 * The recurring purge is due (every JOB_PURGE_MINUTES, ADR 0034): each module
 * that keeps rows no rule reads any more subscribes, deletes its own with short
 * statements, and adds what it removed to `removed` for the log line.
 */
export const PURGE_DUE = eventKey<{ now: Date; removed: Record<string, number> }>('job.purgeDue');
