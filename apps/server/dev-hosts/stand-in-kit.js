// What every stand-in of a host's script shares (development only): the dev server serves this file
// in front of each stand-in, the two inside one function so that nothing of it reaches the page's
// globals. It holds the stand-in's calls to the simulated host in the parent page and the host's events.

/**
 * Opens a stand-in's channel to the simulated host in the parent page, speaking `type`. Returns
 * `ask(method, params)`, which posts `{ type, id, method, params }` to the parent and settles with the
 * host's `${type}-answer` of that id through `settle(answer, resolve, reject)`: by default with its
 * result, or rejecting with an Error of its error's message (and code, when it has one). A
 * `${type}-event` goes to `onEvent`. Only the parent page, of this origin, is heard.
 * @param {string} type
 * @param {{ onEvent?: (message: any) => void, settle?: (answer: any, resolve: (value: any) => void, reject: (reason: any) => void) => void }} [options]
 * @returns {(method: string, params?: object) => Promise<any>}
 */
// biome-ignore lint/correctness/noUnusedVariables: the stand-in served after this file calls it.
function hostChannel(type, options = {}) {
  const {
    onEvent = () => {},
    settle = (answer, resolve, reject) => {
      if (!answer.error) resolve(answer.result);
      else if (answer.error.code === undefined) reject(new Error(answer.error.message));
      else reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    },
  } = options;
  const pending = new Map();
  let nextId = 1;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const message = event.data;
    if (message?.type === `${type}-event`) {
      onEvent(message);
      return;
    }
    if (message?.type !== `${type}-answer` || !pending.has(message.id)) return;
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    settle(message, resolve, reject);
  });
  return (method, params = {}) => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      window.parent.postMessage({ type, id, method, params }, location.origin);
    });
  };
}
