/**
 * Building a request body of the spec from values that may be missing, without losing the
 * compiler's check: the object literal is checked against the spec's type (an unknown field is an
 * error, a required one must be there), and fields whose value is undefined are left out, as
 * `exactOptionalPropertyTypes` wants. So when the spec removes or renames a field, every caller
 * that still sends it stops compiling.
 */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
type RequiredKeys<T> = Exclude<keyof T, OptionalKeys<T>>;

/** T, with `undefined` allowed for its optional fields. */
export type WithOptionalUndefined<T> = { [K in RequiredKeys<T>]: T[K] } & { [K in OptionalKeys<T>]?: T[K] | undefined };

export function specBody<T extends object>(fields: WithOptionalUndefined<T>): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
