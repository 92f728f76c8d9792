/**
 * OpenAPI 3.0 reads `enum` literally: a schema that is `nullable` but whose enum omits null still
 * refuses null (the specification's maintainers say to list it; strict validators and generated
 * clients do). zod's nullable enums come out of fastify-type-provider-zod as
 * `{ type, enum: [...], nullable: true }`, so the document is corrected as a whole: every nullable
 * schema with an enum lists null too. Returns the same document, changed in place.
 */
export function listNullInNullableEnums<T>(document: T): T {
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const schema = node as { nullable?: unknown; enum?: unknown };
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum.push(null);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return document;
}
