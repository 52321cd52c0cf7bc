/**
 * An abort that makes its `AbortSignal` only when someone asks for it.
 *
 * Every call has a "client went away" abort and every handler call one for
 * "client went away or out of time", but few handlers ever read
 * `ctx.signal`: creating an `AbortController` and linking it with event
 * listeners for each request is a measurable part of serving a small one.
 * Here, aborting before anyone asked costs a flag; the signal, when asked
 * for later, comes already aborted with the same reason.
 */
export class LazyAbort {
  private controller: AbortController | undefined;
  private reasonValue: unknown;
  private isAborted = false;
  private followers: Set<LazyAbort> | undefined;

  /** Follows `signal`: aborts (with its reason) when it does. */
  static following(signal: AbortSignal): LazyAbort {
    const abort = new LazyAbort();
    if (signal.aborted) abort.abort(signal.reason);
    else signal.addEventListener('abort', () => abort.abort(signal.reason), { once: true });
    return abort;
  }

  get aborted(): boolean {
    return this.isAborted;
  }

  get reason(): unknown {
    return this.reasonValue;
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.isAborted) this.controller.abort(this.reasonValue);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.isAborted) return;
    this.isAborted = true;
    this.reasonValue = reason;
    this.controller?.abort(reason);
    if (this.followers) for (const follower of this.followers) follower.abort(reason);
  }

  /** A new abort that aborts with this one (until `release`d) and on its own. */
  child(): { readonly abort: LazyAbort; readonly release: () => void } {
    const child = new LazyAbort();
    if (this.isAborted) {
      child.abort(this.reasonValue);
      return { abort: child, release: noop };
    }
    (this.followers ??= new Set()).add(child);
    return { abort: child, release: () => this.followers!.delete(child) };
  }
}

function noop(): void {}
