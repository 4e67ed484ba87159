import type { WireError } from './errors.js';
import { PROTOCOL_VERSION } from './version.js';

export type { WireError } from './errors.js';
export type { AdEvent, AdEventType, EventMap, EventName } from './events.js';
export type {
  AdResult,
  MethodMap,
  MethodName,
  MethodParams,
  MethodResult,
  SupportSubject,
  VendorCall,
} from './methods.js';
export type * from './models.js';

/**
 * Game → parent window, posted on `window.parent`. Deliberately empty: it only says
 * "I am an fxid game, send me a port", so it is harmless even if posted with '*'.
 */
export interface HandshakeMessage {
  type: 'fxid:handshake';
  version: number;
}

/**
 * Portal → game window, posted with the game's exact origin as targetOrigin and the
 * private MessagePort in the transfer list (`event.ports[0]`). All further traffic uses that port.
 */
export interface PortMessage {
  type: 'fxid:port';
  version: number;
}

/** Game → portal over the port. `id` is unique among the game's pending requests. */
export interface RequestMessage {
  id: number;
  method: string;
  params?: unknown;
}

/** Portal → game over the port: the answer to request `id`, exactly one of result or error. */
export type ResponseMessage = { id: number; result: unknown } | { id: number; error: WireError };

/** Portal → game over the port, unsolicited. */
export interface EventMessage {
  event: string;
  payload?: unknown;
}

/** The handshake a game sends. */
export function handshakeMessage(): HandshakeMessage {
  return { type: 'fxid:handshake', version: PROTOCOL_VERSION };
}

/** The message that carries the port. */
export function portMessage(): PortMessage {
  return { type: 'fxid:port', version: PROTOCOL_VERSION };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** True for a handshake of any protocol version (the host decides whether it speaks it). */
export function isHandshake(data: unknown): data is HandshakeMessage {
  return isRecord(data) && data.type === 'fxid:handshake' && typeof data.version === 'number';
}

/** True for the port-transfer message. */
export function isPortMessage(data: unknown): data is PortMessage {
  return isRecord(data) && data.type === 'fxid:port' && typeof data.version === 'number';
}

/** True for a well-formed request. */
export function isRequest(data: unknown): data is RequestMessage {
  return isRecord(data) && typeof data.id === 'number' && typeof data.method === 'string';
}

/** True for a response (result or error). */
export function isResponse(data: unknown): data is ResponseMessage {
  return isRecord(data) && typeof data.id === 'number' && ('result' in data || isRecord(data.error));
}

/** True for an event. */
export function isEvent(data: unknown): data is EventMessage {
  return isRecord(data) && typeof data.event === 'string';
}
