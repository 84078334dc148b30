import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook that accepts query parameter names in any case (`?pagelength=`), as the
 * ASP.NET server the contract comes from did; the schema then sees the contract's spelling.
 */
export function caseInsensitiveQuery(names: readonly string[]) {
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      const canonical = byLower.get(key.toLowerCase());
      if (canonical && canonical !== key && !Object.hasOwn(query, canonical)) {
        query[canonical] = query[key];
        delete query[key];
      }
    }
  };
}
