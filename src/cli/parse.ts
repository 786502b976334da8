/** Commander argument parsers that reject bad values with a clear message. */
import { InvalidArgumentError } from 'commander';

export function intOption(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, got "${value}"`);
    return n;
  };
}

export function floatOption(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got "${value}"`);
    return n;
  };
}
