// String conversions the host applies with the `+` operator rather than `String()`; the difference is observable
// (valueOf before toString for objects, a TypeError for symbols), so the reference keeps it.

/** `'' + value`: ToPrimitive with the default hint, then ToString. */
export function concatToString(value: unknown): string {
  // The cast only satisfies the compiler: `+` accepts any operand at run time and that conversion is the point.
  return '' + (value as string);
}

/** `left + right` with JavaScript's own semantics (numeric addition when neither side becomes a string). */
export function plus(left: unknown, right: unknown): unknown {
  return (left as string) + (right as string);
}
