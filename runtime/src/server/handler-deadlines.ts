/**
 * The handler calls of a service still waiting for a handler's promise, each with its deadline
 * (`handlerTimeoutMs` after the handler returned it), under one timer armed for the earliest.
 *
 * A timer per call (and a promise racing it) was most of what an `async` handler cost over a plain one: made,
 * unreferenced and cleared for each request, when nearly every handler settles long before its time is up.
 * All calls of a service have the same time limit, so deadlines come in the order calls are added: adding is
 * appending to a list, removing is unlinking from it, and the timer, when it fires, expires the calls at the
 * head whose time is up and is armed again for the next one. The list runs through the calls themselves:
 * nothing is allocated per call.
 */

/** A call that can wait here: the list's links and its deadline live on it. */
export interface Deadlined {
  /** `performance.now()` time past which the call is expired; set by `add`. */
  deadline: number;
  previousDeadlined: Deadlined | undefined;
  nextDeadlined: Deadlined | undefined;
  /** Called once, when the deadline has passed and the call is still listed (it is removed first). */
  expire(): void;
}

/** Node's timers fire on the event loop's clock, which may run up to a millisecond behind `performance.now()`. */
const CLOCK_SLACK_MS = 1;

export class HandlerDeadlines {
  private head: Deadlined | undefined;
  private tail: Deadlined | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly timeoutMs: number) {}

  /** Lists `call`, its deadline `timeoutMs` from now. */
  add(call: Deadlined): void {
    call.deadline = performance.now() + this.timeoutMs;
    call.nextDeadlined = undefined;
    call.previousDeadlined = this.tail;
    if (this.tail === undefined) this.head = call;
    else this.tail.nextDeadlined = call;
    this.tail = call;
    if (this.timer === undefined) this.arm(this.timeoutMs);
  }

  /** Unlists `call`; nothing when it is not listed (never added, removed, or expired). */
  remove(call: Deadlined): void {
    const { previousDeadlined: previous, nextDeadlined: next } = call;
    if (previous === undefined) {
      if (this.head !== call) return;
      this.head = next;
    } else {
      previous.nextDeadlined = next;
    }
    if (next === undefined) this.tail = previous;
    else next.previousDeadlined = previous;
    call.previousDeadlined = undefined;
    call.nextDeadlined = undefined;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(this.sweep, ms);
    // A handler that never settles keeps no process alive (as a timer of its own would not).
    this.timer.unref?.();
  }

  private readonly sweep = (): void => {
    this.timer = undefined;
    const now = performance.now() + CLOCK_SLACK_MS;
    for (let call = this.head; call !== undefined && call.deadline <= now; call = this.head) {
      this.remove(call);
      try {
        call.expire();
      } catch {
        // One call's expiry failing (a bug) leaves the others to expire and the timer armed.
      }
    }
    if (this.head !== undefined) this.arm(Math.max(1, Math.ceil(this.head.deadline - now + CLOCK_SLACK_MS)));
  };
}
