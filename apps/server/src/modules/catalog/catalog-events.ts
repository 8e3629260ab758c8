// What the catalogue and the site's content announce (ADR 0058).
import { eventKey } from '../../lib/events.ts';

/**
 * Something the home page shows changed — items, types, regions, banners,
 * articles, settings — and cached copies of it are stale. Emitted after the
 * write (with the context the write ran on); the home module subscribes.
 */
export const SHOWCASE_CHANGED = eventKey<{ what: string }>('catalog.showcaseChanged');
