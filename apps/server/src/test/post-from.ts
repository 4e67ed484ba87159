import { request } from 'node:http';

/**
 * POSTs JSON from a chosen local address (any of 127.0.0.0/8 on Linux), so one test can be
 * several clients as a proxy in front of the server sees them. fetch cannot pick its address.
 */
export function postFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body: object,
): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
