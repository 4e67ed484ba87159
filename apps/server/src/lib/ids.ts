import { v7 as uuidv7 } from 'uuid';
import { randomBytesPooled } from './random-bytes.js';

/** The last id's millisecond and sequence, so that ids made within one millisecond still sort in order. */
let lastMsecs = -1;
let sequence = 0;

/**
 * A new row or request id: UUIDv7, so ids sort by creation time on both engines (order
 * transitions are read back in id order). The random bits come from the pooled CSPRNG: uuid
 * draws its own on every call, at the cost of an OpenSSL call each. Given its random bits, uuid
 * keeps no state, so the sequence it would keep is kept here as it keeps it: a new millisecond
 * starts from random bits, ids within one count up from there.
 */
export function newId(): string {
  const random = randomBytesPooled(16);
  const now = Date.now();
  if (now > lastMsecs) {
    lastMsecs = now;
    sequence =
      (((random[6] ?? 0) & 0x7f) << 24) | ((random[7] ?? 0) << 16) | ((random[8] ?? 0) << 8) | (random[9] ?? 0);
  } else {
    sequence = (sequence + 1) | 0;
    // The sequence ran over: borrow the next millisecond, as uuid does.
    if (sequence === 0) lastMsecs++;
  }
  return uuidv7({ random, msecs: lastMsecs, seq: sequence });
}
