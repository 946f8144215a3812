// JSON for the agent channel that keeps byte arrays (certificates, keys) intact: they travel as base64 objects.
import { Buffer } from 'node:buffer';

const BYTES = '$rtconfBytes';

export function encodeWire(value: unknown, stringify: typeof JSON.stringify = JSON.stringify): string {
  return stringify(value, function (this: unknown, key: string, current: unknown) {
    // Buffer#toJSON runs before the replacer sees the value, so look at the holder's original property.
    const original = this !== null && typeof this === 'object' ? (this as Record<string, unknown>)[key] : current;
    if (original instanceof Uint8Array) return { [BYTES]: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') };
    return current;
  });
}

export function decodeWire(text: string, parse: typeof JSON.parse = JSON.parse): unknown {
  return parse(text, (_key: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)[BYTES] === 'string' && Object.keys(value).length === 1) {
      return Buffer.from((value as Record<string, string>)[BYTES] ?? '', 'base64');
    }
    return value;
  });
}
