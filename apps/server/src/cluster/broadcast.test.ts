import { afterEach, expect, it } from 'vitest';
import { describeWithRedis, uniqueKeyPrefix } from '../test/redis.js';
import { type Broadcast, localBroadcast, redisBroadcast } from './broadcast.js';
import { connectRedis } from './redis.js';

it('one process: a message runs its topic’s handlers here, once, and no other topic’s', () => {
  const broadcast = localBroadcast();
  const heard: string[] = [];
  broadcast.subscribe('a', (key) => heard.push(`a:${key}`));
  broadcast.subscribe('b', (key) => heard.push(`b:${key}`));
  broadcast.publish('a', 'k1');
  expect(heard).toEqual(['a:k1']);
});

describeWithRedis('Redis broadcast', (redisUrl) => {
  const opened: Broadcast[] = [];
  afterEach(async () => {
    for (const broadcast of opened.splice(0)) await broadcast.close();
  });

  async function instance(keyPrefix: string): Promise<{ broadcast: Broadcast; heard: string[] }> {
    const publisher = await connectRedis(redisUrl, 'test');
    const subscriber = await connectRedis(redisUrl, 'test-sub');
    const broadcast = await redisBroadcast(publisher, subscriber, keyPrefix, (error) => {
      throw error;
    });
    const close = broadcast.close;
    broadcast.close = async () => {
      await close();
      publisher.disconnect();
    };
    opened.push(broadcast);
    const heard: string[] = [];
    broadcast.subscribe('account-changed', (key) => heard.push(key));
    return { broadcast, heard };
  }

  it('reaches every instance once, the sender at once, and no deployment under another prefix', async () => {
    const prefix = uniqueKeyPrefix();
    const one = await instance(prefix);
    const two = await instance(prefix);
    const elsewhere = await instance(uniqueKeyPrefix());
    one.broadcast.publish('account-changed', 'acc-1');
    // The sender's own caches are evicted before publish returns.
    expect(one.heard).toEqual(['acc-1']);
    await expect.poll(() => two.heard).toEqual(['acc-1']);
    // A second message shows the first was not delivered twice anywhere.
    two.broadcast.publish('account-changed', 'acc-2');
    await expect.poll(() => one.heard).toEqual(['acc-1', 'acc-2']);
    expect(two.heard).toEqual(['acc-1', 'acc-2']);
    expect(elsewhere.heard).toEqual([]);
  });
});
