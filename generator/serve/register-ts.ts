import { register } from 'node:module';

let registered = false;

/** Lets this process import `.ts` files (see `ts-hooks.ts`). Idempotent. */
export function registerTypeScript(): void {
  if (registered) return;
  registered = true;
  register('./ts-hooks.js', import.meta.url);
}
