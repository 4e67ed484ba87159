import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Random bytes drawn 4 KiB at a time: uuid draws 16 bytes from the system per id, and the draw's
 * fixed cost was most of an id's (an order makes about ten). Each id still gets 16 bytes of its own.
 */
const pool = new Uint8Array(4096);
let used = pool.length;

function randomBytes16(): Uint8Array {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/** The last id's time and counter: ids made in the same millisecond count up from a random start. */
let lastMsecs = Number.NEGATIVE_INFINITY;
let seq = 0;

/**
 * A new row or request id: UUIDv7, so ids sort by creation time on both engines, and in the
 * order made within one millisecond (as uuid's own v7 keeps them, which it does only when it
 * draws the randomness itself).
 */
export function newId(): string {
  const random = randomBytes16();
  const now = Date.now();
  if (now > lastMsecs) {
    lastMsecs = now;
    // uuid's start of the counter: 31 bits of the random bytes.
    seq = (((random[6] ?? 0) & 0x7f) << 24) | ((random[7] ?? 0) << 16) | ((random[8] ?? 0) << 8) | (random[9] ?? 0);
  } else {
    seq = (seq + 1) | 0;
    if (seq === 0) lastMsecs++;
  }
  return uuidv7({ random, msecs: lastMsecs, seq });
}
