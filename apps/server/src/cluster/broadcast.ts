import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Tells every instance that something it may hold in memory changed (an account, a session,
 * the catalog). A message runs its handlers here at once, then on every other instance.
 */
export interface Broadcast {
  publish(topic: string, key: string): void;
  subscribe(topic: string, handler: (key: string) => void): void;
  close(): Promise<void>;
}

type Handlers = Map<string, Array<(key: string) => void>>;

function runHandlers(handlers: Handlers, topic: string, key: string): void {
  for (const handler of handlers.get(topic) ?? []) handler(key);
}

function addHandler(handlers: Handlers, topic: string, handler: (key: string) => void): void {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
}

/** One process: a message reaches only this process's handlers. */
export function localBroadcast(): Broadcast {
  const handlers: Handlers = new Map();
  return {
    publish: (topic, key) => runHandlers(handlers, topic, key),
    subscribe: (topic, handler) => addHandler(handlers, topic, handler),
    close: async () => undefined,
  };
}

interface Message {
  from: string;
  topic: string;
  key: string;
}

/** The channel a deployment's instances hear each other on. */
const channelOf = (keyPrefix: string) => `${keyPrefix}invalidate`;

/**
 * One message to every running instance from a process that is none of them (the catalog
 * command line); resolves once Redis took it, with how many instances were listening.
 */
export async function publishToInstances(publisher: Redis, keyPrefix: string, topic: string, key: string) {
  const message: Message = { from: randomUUID(), topic, key };
  return publisher.publish(channelOf(keyPrefix), JSON.stringify(message));
}

/**
 * Several instances: messages go over Redis pub/sub on `${keyPrefix}invalidate`. A message
 * lost while an instance was cut off from Redis is covered by the caches' own time limits.
 * `subscriber` is a connection of its own (a subscribed connection can send nothing else).
 */
export async function redisBroadcast(
  publisher: Redis,
  subscriber: Redis,
  keyPrefix: string,
  onError: (error: unknown) => void,
): Promise<Broadcast> {
  const channel = channelOf(keyPrefix);
  const instance = randomUUID();
  const handlers: Handlers = new Map();
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as Message;
      if (message.from !== instance) runHandlers(handlers, message.topic, message.key);
    } catch (error) {
      onError(error);
    }
  });
  await subscriber.subscribe(channel);
  return {
    publish(topic, key) {
      runHandlers(handlers, topic, key);
      const message: Message = { from: instance, topic, key };
      publisher.publish(channel, JSON.stringify(message)).catch(onError);
    },
    subscribe: (topic, handler) => addHandler(handlers, topic, handler),
    async close() {
      subscriber.disconnect();
    },
  };
}
