// Debian's nginx in front of several fxid instances, serving deploy/nginx.conf (the file the
// README's recipe installs) on loopback, for the two-instance test
// (apps/server/src/cluster/behind-proxy.test.ts) and bench/two-instances.mjs. Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nginx site file the README shows: the proxy in front of N instances. */
export const NGINX_SITE_TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));

/** Debian's nginx (`apt-get install nginx-light`; .ci/run installs it), or undefined. */
export function findNginx() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}

/**
 * deploy/nginx.conf with its `${NAME}` placeholders replaced; throws when the file names one
 * that `values` does not give, so the file and its users cannot drift apart unnoticed.
 */
export function renderSite(values) {
  return readFileSync(NGINX_SITE_TEMPLATE, 'utf8').replace(/\$\{(\w+)\}/g, (_whole, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf names \${${name}}, which is not filled in`);
    return value;
  });
}

/**
 * nginx in the foreground on 127.0.0.1:`port`, everything it writes (pid, logs, temp files) in
 * a temp dir of its own, serving deploy/nginx.conf in front of `instances` (two HOST:PORT). One
 * process (no master and workers), so that killing it leaves no worker behind.
 * Resolves once it listens: { url (ending in /), errorLog(), stop() }.
 */
export async function startNginx(binary, port, instances) {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-nginx-'));
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  writeFileSync(
    join(dir, 'site.conf'),
    renderSite({ FXID_LISTEN: `127.0.0.1:${port}`, FXID_INSTANCE_1: instances[0], FXID_INSTANCE_2: instances[1] }),
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  let output = '';
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}/`;
  const errorLog = () => {
    const file = join(dir, 'error.log');
    return output + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Listening: any answer counts (the instances may not be up yet: nginx then answers 502).
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${errorLog()}`);
    try {
      await fetch(url);
      return { url, errorLog, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  await stop();
  throw new Error(`nginx did not listen on ${url}:\n${errorLog()}`);
}
