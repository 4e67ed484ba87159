import { v7 as uuidv7 } from 'uuid';

/** A new row or request id: UUIDv7, so ids sort by creation time on both engines. */
export function newId(): string {
  return uuidv7();
}
