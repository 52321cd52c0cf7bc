/**
 * Lines written together, once per turn of the event loop: a proxy under load logs a line per exchange, and one
 * write for the lines of a turn spares a system call for each. `flush` writes what waits at once (before the
 * command returns).
 */
export class BatchedLines {
  private lines: string[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  /** `write` gets the lines joined by `\n`, without the last one's. */
  constructor(private readonly write: (text: string) => void) {}

  readonly add = (line: string): void => {
    this.lines.push(line);
    this.scheduled ??= setImmediate(this.flush);
  };

  readonly flush = (): void => {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.join('\n');
    this.lines = [];
    this.write(text);
  };
}
