// The ports (ADR 0060): every port a module declares is plugged by the composition root, once.
import { describe, expect, it } from 'vitest';
// The app imports every module, so every port is declared.
import '../src/app.ts';
import { createPorts, DECLARED_PORTS, portKey } from '../src/lib/ports.ts';
import { ORDER_DETAIL_PARTS } from '../src/modules/order/index.ts';
import { modulePorts } from '../src/ports.ts';

describe('ports', () => {
  it('are each plugged by modulePorts', () => {
    expect(DECLARED_PORTS).toContain(ORDER_DETAIL_PARTS.name);
    expect(modulePorts().plugged().sort()).toEqual([...DECLARED_PORTS].sort());
  });

  it('refuse an unplugged read and a second plug', () => {
    const ports = createPorts();
    const key = portKey<() => number>('test.answer');
    DECLARED_PORTS.delete(key.name);
    expect(() => ports.get(key)).toThrow('port test.answer is not plugged');
    ports.plug(key, () => 42);
    expect(ports.get(key)()).toBe(42);
    expect(() => ports.plug(key, () => 0)).toThrow('plugged twice');
  });
});
