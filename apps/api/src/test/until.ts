/**
 * Polls `what` every 200 ms until `ok` holds of its value or `ms` have passed, and returns the last
 * value: the test asserts on it, so a wait that runs out fails with what was seen.
 */
export async function until<T>(
  what: () => Promise<T> | T,
  ok: (value: T) => boolean,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
