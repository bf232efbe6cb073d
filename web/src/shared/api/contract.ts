import type { components } from './schema.gen';

/** The API's schemas, generated from docs/openapi.json (`npm run api:types`; never edit schema.gen.ts). */
export type Schemas = components['schemas'];

/**
 * The named fields of a generated schema, some of them narrowed to what the web relies on (a string
 * union for a status, a required field the request body accepts as optional). Naming a field the
 * schema does not have fails to compile, so a field renamed in Go breaks `npm run typecheck`.
 */
export type Narrowed<T, K extends keyof T, N extends { [P in K]?: unknown } = Record<never, never>> = Omit<Pick<T, K>, keyof N> & N;
