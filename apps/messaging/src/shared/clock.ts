/**
 * The suite's one Clock lives in libs/runtime (`@suite/runtime`). This re-export keeps the imports
 * of release-scheduler/, messages/ and inbound/ working while those folders are being reorganised; they
 * switch to `@suite/runtime` after that merge, and this file goes.
 */
export { CLOCK, SystemClock, type Clock } from '@suite/runtime';
