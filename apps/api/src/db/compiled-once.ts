import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';

/**
 * A statement of a fixed shape, built and compiled by Kysely once per process instead of on every
 * call; each call only puts its values in. For the few statements every arriving viewer runs (the
 * key's insert and lookup): Kysely's builder and compiler were a few percent of the API's CPU under
 * the start-of-game rush (issue 29), for the same SQL text every time.
 *
 * `build` is called once, with a placeholder for each argument; the compiled parameters that are
 * placeholders are replaced by the call's arguments, the others (constants of the statement) are
 * kept. Only for shapes that do not depend on the values (no `in` lists, no optional clauses): a
 * placeholder that does not reach the parameters is refused at the first call.
 */
export function compiledOnce<A extends unknown[], R>(
  arity: A['length'],
  build: (...params: A) => Compilable<R>,
): (...params: A) => CompiledQuery<R> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: number[] = [];
  return (...params: A) => {
    if (!compiled) {
      const placeholders = Array.from({ length: arity }, (_, i) => ({ compiledOnceParam: i }));
      const query = build(...(placeholders as unknown as A)).compile();
      slots = query.parameters.map((p) => placeholders.indexOf(p as (typeof placeholders)[0]));
      for (let i = 0; i < arity; i += 1) {
        if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} is not a parameter`);
      }
      compiled = query;
    }
    const base = compiled;
    return {
      ...base,
      queryId: createQueryId(),
      parameters: slots.map((slot, i) => (slot < 0 ? base.parameters[i] : params[slot])),
    };
  };
}
