// The limits' own reading of a number from the environment: a whole count of at least 1.
import { envNumber } from '../platform/env'

/** A whole number (rounded down) from the environment; `fallback` when unset, not a number or below 1. */
export function envCount(name: string, fallback: number): number {
  const value = envNumber(name, NaN, 1)
  return isNaN(value) ? fallback : Math.floor(value)
}
