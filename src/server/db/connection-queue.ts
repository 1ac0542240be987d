interface Waiting {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Turns at a pool's connections: at most `size` out at once, the other requests wait in order of arrival,
 * each at most `waitMs`, then rejects with `tooLong()`.
 */
export class ConnectionQueue {
  #free: number;
  readonly #waiting: Waiting[] = [];

  constructor(
    size: number,
    private readonly waitMs: number,
    private readonly tooLong: () => Error,
  ) {
    this.#free = size;
  }

  get full(): boolean {
    return this.#free === 0;
  }

  take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiting), 1);
          reject(this.tooLong());
        }, this.waitMs),
      };
      this.#waiting.push(waiting);
    });
  }

  /** a connection back: the first request waiting gets it */
  give(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#free += 1;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }

  /** every request waiting fails at once with `error` */
  refuseAll(error: Error): void {
    for (const waiting of this.#waiting.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  }
}
