import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin-routes.ts';
import { permissionsOf } from './machine.ts';
import { transitionOf } from './machines.ts';
import type { Route } from './route.ts';

describe('a console route and the transitions it takes', () => {
  const moving = Object.entries(adminRoutes as Record<string, Route>).filter(([, r]) => r.moves);

  it('names transitions that exist', () => {
    const unknown = moving.flatMap(([name, r]) =>
      [r.moves!]
        .flat()
        .filter((k) => !transitionOf(k))
        .map((k) => `${name}: ${k}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is guarded by a permission each transition’s `by` names', () => {
    const drift = moving.flatMap(([name, r]) =>
      [r.moves!]
        .flat()
        .filter((k) => !(permissionsOf(transitionOf(k)!) as string[]).includes(r.access!))
        .map((k) => `${name} (${r.access}) → ${k} by ${JSON.stringify(transitionOf(k)!.by)}`),
    );
    expect(drift).toEqual([]);
  });

  it('covers every console-side transition of the tables that the console moves', () => {
    expect(moving.length).toBeGreaterThanOrEqual(36);
  });
});
