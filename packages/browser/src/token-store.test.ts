// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore } from './token-store.ts';

const tokenStore = createTokenStore('token');
afterEach(() => localStorage.clear());

describe('token store', () => {
  it('keeps {access, refresh, expires} under its key, expires as an absolute epoch second', () => {
    tokenStore.save({ token: 'a1', refreshToken: 'r1', expires: 7200 }, 1_000_000);
    expect(JSON.parse(localStorage.getItem('token') ?? '')).toEqual({ access: 'a1', refresh: 'r1', expires: 1_007_200 });
    expect(tokenStore.access()).toBe('a1');
    expect(tokenStore.refresh()).toBe('r1');
    expect(tokenStore.secondsLeft(1_000_200)).toBe(7000);
  });

  it('reads nothing from a missing or malformed value', () => {
    expect(tokenStore.get()).toBeNull();
    expect(tokenStore.secondsLeft()).toBeNull();
    localStorage.setItem('token', '{not json');
    expect(tokenStore.access()).toBeNull();
    localStorage.setItem('token', JSON.stringify({ access: 'x' }));
    expect(tokenStore.access()).toBeNull();
  });

  it('clears and tells subscribers', () => {
    const listener = vi.fn();
    const off = tokenStore.subscribe(listener);
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 10 });
    tokenStore.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  it('two stores under two keys (a customer and a staff member in one browser) never see each other', () => {
    const staff = createTokenStore('yance-staff-token');
    const staffListener = vi.fn();
    const off = staff.subscribe(staffListener);
    tokenStore.save({ token: 'customer', refreshToken: 'rc', expires: 100 });
    staff.save({ token: 'staff', refreshToken: 'rs', expires: 100 });
    expect(tokenStore.access()).toBe('customer');
    expect(staff.access()).toBe('staff');
    staff.clear();
    expect(tokenStore.access()).toBe('customer');
    expect(staffListener).toHaveBeenCalledTimes(2);
    off();
  });
});
