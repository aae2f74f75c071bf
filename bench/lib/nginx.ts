// A static-site baseline for the benchmarks: nginx serving files from a directory, the way a CDN-less static host would.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '#tests/helpers/server.ts'

export type StartNginxOptions = {
  /** The directory served at `/`: `/name` is `name`, `name.html` or `name/index.html`; `file.gz` beside a file for gzip_static. */
  root: string
  /** A free port on 127.0.0.1 when not given. */
  port?: number
  /** nginx's worker processes: one per core when not given; 1 beside a single Node process. */
  workers?: number
}

export type RunningNginx = { url: string; stop(): Promise<void> }

const NGINX = '/usr/sbin/nginx'

/** Debian's nginx-light (it has gzip_static), installed with apt-get the first time a benchmark needs it. */
function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { stdio: 'inherit' })
  // A fresh container has no package lists yet: update once, then try again.
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    if (install().status !== 0) throw new Error('could not install nginx-light with apt-get (run as root, or install nginx)')
  }
  if (!fs.existsSync(NGINX)) throw new Error(`nginx-light installed but ${NGINX} is missing`)
}

/** The same Cache-Control the app sends: pages revalidate, hashed assets are immutable, /healthz is never kept. */
function config(root: string, port: number, prefix: string, workers: number): string {
  return `# Written by bench/lib/nginx.ts for one benchmark run.
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${workers};
daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    # A page at /name is the file name.html (or name/index.html), as a static site generator writes it.
    location / {
      try_files $uri $uri.html $uri/index.html =404;
      add_header Cache-Control "public, max-age=0, must-revalidate";
    }
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location = /healthz { default_type application/json; add_header Cache-Control "no-store"; }
  }
}
`
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Starts nginx in the foreground on 127.0.0.1 serving `root`; `stop()` ends it and removes its temporary files. */
export async function startNginx({ root, port, workers = os.availableParallelism() }: StartNginxOptions): Promise<RunningNginx> {
  ensureNginx()
  const listenPort = port ?? (await freePort())
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'))
  const configPath = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(configPath, config(path.resolve(root), listenPort, prefix, workers))
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-e', 'stderr', '-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A benchmark that exits without stop() (process.exit, an uncaught error) takes its nginx with it.
  const orphanGuard = () => {
    child.kill('SIGTERM')
    fs.rmSync(prefix, { recursive: true, force: true })
  }
  process.once('exit', orphanGuard)
  const deadline = Date.now() + 10_000
  while (!(await listening(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      process.off('exit', orphanGuard)
      child.kill('SIGKILL')
      fs.rmSync(prefix, { recursive: true, force: true })
      throw new Error(`nginx did not start on port ${listenPort}:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    stop: async () => {
      process.off('exit', orphanGuard)
      // SIGQUIT: the master lets its workers finish their connections, then exits.
      if (child.exitCode === null) child.kill('SIGQUIT')
      await exited
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}
