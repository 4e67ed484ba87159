import { lookup } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import { isBlockedAddress } from './push-endpoint.js';

/**
 * The HTTPS agent deliveries go through. When endpoints must be public, every
 * connection re-resolves its host and refuses blocked addresses at connect time, so
 * a name that changed its DNS after the check still cannot reach inside (row 48).
 */
export function pushAgent(options: { publicOnly: boolean; ca?: string }): Agent {
  const agentOptions: AgentOptions = { keepAlive: false, ...(options.ca ? { ca: options.ca } : {}) };
  if (options.publicOnly) agentOptions.lookup = publicLookup as AgentOptions['lookup'];
  return new Agent(agentOptions);
}

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
    if (addresses.length === 0 || blocked) {
      return callback(new Error(`push endpoint host ${hostname} resolves to a non-public address`), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [{ address: string; family: number }];
    callback(null, first.address, first.family);
  });
}
