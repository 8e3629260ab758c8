// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, tokenStore } from './token-store.ts';

afterEach(() => localStorage.clear());

describe('token store', () => {
  it('keeps {access, refresh, expires} under "token", expires as an absolute epoch second', () => {
    tokenStore.save({ token: 'a1', refreshToken: 'r1', expires: 7200 }, 1_000_000);
    expect(JSON.parse(localStorage.getItem(TOKEN_KEY) ?? '')).toEqual({ access: 'a1', refresh: 'r1', expires: 1_007_200 });
    expect(tokenStore.access()).toBe('a1');
    expect(tokenStore.refresh()).toBe('r1');
    expect(tokenStore.secondsLeft(1_000_200)).toBe(7000);
  });

  it('reads nothing from a missing or malformed value', () => {
    expect(tokenStore.get()).toBeNull();
    expect(tokenStore.secondsLeft()).toBeNull();
    localStorage.setItem(TOKEN_KEY, '{not json');
    expect(tokenStore.access()).toBeNull();
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ access: 'x' }));
    expect(tokenStore.access()).toBeNull();
  });

  it('clears and tells subscribers', () => {
    const listener = vi.fn();
    const off = tokenStore.subscribe(listener);
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 10 });
    tokenStore.clear();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });
});
