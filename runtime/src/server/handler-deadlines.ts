/**
 * The handler calls of a service still waiting for a handler's promise, under one timer, each expired once
 * `handlerTimeoutMs` has passed since its handler returned the promise.
 *
 * A timer per call (and a promise racing it) was most of what an `async` handler cost over a plain one: made,
 * unreferenced and cleared for each request, when nearly every handler settles long before its time is up.
 * Here the calls wait in a list, in the order they were added, and a timer ticks every sixteenth of the time
 * limit while the list is not empty. A call remembers the tick it was added at, and is expired at the
 * seventeenth tick after it: never before its time, at most a sixteenth of it late (ASP.NET itself checks
 * its `executionTimeout` every 15 s). All calls of a service have the same time limit, so the calls to expire
 * are always at the head: adding is appending, removing is unlinking, and no clock is read per call. The list
 * runs through the calls themselves: nothing is allocated per call.
 */

/** A call that can wait here: the list's links and its tick live on it. */
export interface Deadlined {
  /** The tick the call was added at; set by `add`. */
  addedAtTick: number;
  previousDeadlined: Deadlined | undefined;
  nextDeadlined: Deadlined | undefined;
  /** Called once, when the time is up and the call is still listed (it is removed first). */
  expire(): void;
}

/** Ticks per time limit. */
const TICKS = 16;

export class HandlerDeadlines {
  private head: Deadlined | undefined;
  private tail: Deadlined | undefined;
  private tick = 0;
  private ticking = false;
  private readonly tickMs: number;

  constructor(readonly timeoutMs: number) {
    this.tickMs = timeoutMs / TICKS;
  }

  /** Lists `call`: it expires `timeoutMs` (to `timeoutMs` and a sixteenth) from now unless removed first. */
  add(call: Deadlined): void {
    call.addedAtTick = this.tick;
    call.nextDeadlined = undefined;
    call.previousDeadlined = this.tail;
    if (this.tail === undefined) this.head = call;
    else this.tail.nextDeadlined = call;
    this.tail = call;
    if (!this.ticking) this.schedule();
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

  private schedule(): void {
    this.ticking = true;
    // A handler that never settles keeps no process alive (as a timer of its own would not).
    setTimeout(this.onTick, this.tickMs).unref?.();
  }

  private readonly onTick = (): void => {
    this.tick++;
    for (let call = this.head; call !== undefined && this.tick - call.addedAtTick > TICKS; call = this.head) {
      this.remove(call);
      try {
        call.expire();
      } catch {
        // One call's expiry failing (a bug) leaves the others to expire and the timer ticking.
      }
    }
    if (this.head !== undefined) this.schedule();
    else this.ticking = false;
  };
}
