/**
 * The one timer behind every handler time limit of a server: a call is expired once its time is up (never
 * before, at most a sixteenth late), a call removed in time never is, and removing works from any place in
 * the list.
 */
import { describe, expect, it } from 'vitest';
import { HandlerDeadlines, type Deadlined } from '../../runtime/src/server/handler-deadlines.js';

const TIMEOUT_MS = 160;

function call(expired: Map<string, number>, name: string, started: number): Deadlined {
  return {
    addedAtTick: 0,
    previousDeadlined: undefined,
    nextDeadlined: undefined,
    expire: () => void expired.set(name, performance.now() - started),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HandlerDeadlines', () => {
  it('expires what is still listed after the time limit, in order, and nothing removed before', async () => {
    const deadlines = new HandlerDeadlines(TIMEOUT_MS);
    const expired = new Map<string, number>();
    const started = performance.now();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => call(expired, name, started)) as [Deadlined, Deadlined, Deadlined];
    deadlines.add(a);
    deadlines.add(b);
    deadlines.add(c);
    deadlines.remove(b);
    deadlines.remove(b);
    await wait(TIMEOUT_MS / 2);
    const late = call(expired, 'late', performance.now());
    deadlines.add(late);
    deadlines.remove(a);
    await wait(TIMEOUT_MS * 2.5);
    expect([...expired.keys()]).toEqual(['c', 'late']);
    for (const elapsed of expired.values()) {
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
      expect(elapsed).toBeLessThan(TIMEOUT_MS * (17 / 16) + 100);
    }
  });

  it('keeps ticking only while calls wait: a call added later gets its whole time', async () => {
    const deadlines = new HandlerDeadlines(TIMEOUT_MS);
    const expired = new Map<string, number>();
    const first = call(expired, 'first', performance.now());
    deadlines.add(first);
    deadlines.remove(first);
    await wait(TIMEOUT_MS * 1.5);
    const started = performance.now();
    deadlines.add(call(expired, 'second', started));
    await wait(TIMEOUT_MS / 2);
    expect(expired.size).toBe(0);
    await wait(TIMEOUT_MS * 1.5);
    expect([...expired.keys()]).toEqual(['second']);
    expect(expired.get('second')).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
  });
});
