// What the user module announces (ADR 0058).
import { eventKey } from '../../lib/events.ts';

/** A customer's account was created (registration, SMS or WeChat sign-up), in the creating transaction. */
export const CUSTOMER_REGISTERED = eventKey<{ userId: number }>('user.registered');
