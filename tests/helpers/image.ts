// Builds the container's runtime stage outside Docker by following the Dockerfile itself: its COPY lines, the
// RUN lines of the production-dependencies stage, its ENV and CMD. No Docker engine runs on CI machines.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir } from './server.ts'
import { repoRoot } from './operations.ts'

export type Instruction = { op: string; args: string }
export type Stage = { name: string; from: string; instructions: Instruction[] }

/** Stages of a Dockerfile with continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const lines: string[] = []
  let pending = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!pending && (line === '' || line.startsWith('#'))) continue
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `
      continue
    }
    lines.push(pending + line)
    pending = ''
  }
  const stages: Stage[] = []
  for (const line of lines) {
    const [, op = '', args = ''] = line.match(/^(\S+)\s*(.*)$/) ?? []
    if (op.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/)
      stages.push({ name: name ?? String(stages.length), from, instructions: [] })
    } else {
      stages.at(-1)!.instructions.push({ op: op.toUpperCase(), args })
    }
  }
  return stages
}

/** `KEY=value KEY2=value2` of an ENV line. */
function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const pair of args.match(/\S+=("[^"]*"|\S*)/g) ?? []) {
    const index = pair.indexOf('=')
    env[pair.slice(0, index)] = pair.slice(index + 1).replace(/^"(.*)"$/, '$1')
  }
  return env
}

/** The exec form (JSON array) after CMD or HEALTHCHECK's options. */
function execForm(args: string): string[] {
  return JSON.parse(args.slice(args.indexOf('['))) as string[]
}

/** Holds the place of a pattern's any-folders part while its single stars are translated: no pattern has this character. */
const ANY_FOLDERS = '\u0000'

/** Patterns of .dockerignore as path tests (the subset this repository uses: names, `*` and `**`). */
function dockerignore(): (relative: string) => boolean {
  const patterns = fs
    .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const regexes = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]]/g, '\\$&')
          .replace(/\*\*\//g, ANY_FOLDERS)
          .replace(/\*/g, '[^/]*')
          .replaceAll(ANY_FOLDERS, '(.*/)?')}(/.*)?$`,
      ),
  )
  return (relative) => regexes.some((regex) => regex.test(relative))
}

function sh(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`\`${command}\` failed with ${code}:\n${output}`))))
  })
}

export type RuntimeFolder = {
  /** What /app is in the image. */
  appDir: string
  /** Maps a path inside the image to this machine: /app/... into appDir, /data/... into the given volume folder. */
  hostPath: (imagePath: string, dataDir: string) => string
  /** ENV of the runtime stage, as written (paths inside the image). */
  env: Record<string, string>
  cmd: string[]
  healthcheck: string[]
  /** RUN lines of the runtime stage: they act on the image's root file system, so they are not run here. */
  runs: string[]
  /** Milliseconds of the production-only `npm install` of the production-dependencies stage. */
  installMs: number
}

/**
 * Assembles the runtime stage in `root`: the build context's COPY lines (honouring .dockerignore), the
 * production-dependencies stage run for real (its COPY and RUN lines: `npm install --omit=dev`), and the
 * build stage's dist/ taken from the build under test.
 */
export async function assembleRuntime(root: string): Promise<RuntimeFolder> {
  const stages = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))
  const runtime = stages.at(-1)!
  // A stage's WORKDIR, else the one of the stage it starts from.
  const workdir = (stage: Stage): string =>
    stage.instructions.findLast((i) => i.op === 'WORKDIR')?.args ??
    (stages.some((s) => s.name === stage.from) ? workdir(stages.find((s) => s.name === stage.from)!) : '/')
  const imageRoot = workdir(runtime)
  const appDir = path.join(root, 'app')
  const hostPath = (imagePath: string, dataDir: string) =>
    imagePath.startsWith(`${imageRoot}/`) || imagePath === imageRoot
      ? path.join(appDir, path.relative(imageRoot, imagePath))
      : imagePath.startsWith('/data')
        ? path.join(dataDir, path.relative('/data', imagePath))
        : imagePath
  const ignored = dockerignore()
  const copyFromContext = (sources: string[], destination: string) => {
    for (const source of sources) {
      const target = sources.length > 1 || destination.endsWith('/') ? path.join(destination, path.basename(source)) : destination
      fs.cpSync(path.join(repoRoot, source), target, {
        recursive: true,
        filter: (file) => !ignored(path.relative(repoRoot, file)) || path.relative(repoRoot, file) === '',
      })
    }
  }
  const copyArgs = (args: string) => {
    const words = args.split(/\s+/)
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length)
    const paths = words.filter((w) => !w.startsWith('--'))
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! }
  }

  fs.mkdirSync(appDir, { recursive: true })
  let installMs = 0
  const env: Record<string, string> = {}
  let cmd: string[] = []
  let healthcheck: string[] = []
  const runs: string[] = []
  for (const { op, args } of runtime.instructions) {
    if (op === 'ENV') Object.assign(env, parseEnv(args))
    if (op === 'CMD') cmd = execForm(args)
    if (op === 'HEALTHCHECK') healthcheck = execForm(args)
    if (op === 'RUN') runs.push(args)
    if (op !== 'COPY') continue
    const { from, sources, destination } = copyArgs(args)
    const target = path.resolve(appDir, destination.startsWith('/') ? path.relative(imageRoot, destination) : destination)
    if (!from) {
      copyFromContext(sources, target + (destination.endsWith('/') ? '/' : ''))
    } else if (from === 'build') {
      // The build stage runs `npm run build`: its dist/ is the build under test.
      for (const source of sources) {
        const relative = path.relative('/app', source)
        const built = relative === 'dist' || relative.startsWith('dist/') ? path.join(buildDir(), relative.slice(4)) : relative
        fs.cpSync(path.resolve(repoRoot, built), target, { recursive: true })
      }
    } else {
      const stage = stages.find((s) => s.name === from)
      if (!stage) throw new Error(`Dockerfile copies from an unknown stage ${from}`)
      const stageDir = path.join(root, from)
      fs.mkdirSync(stageDir, { recursive: true })
      for (const instruction of stage.instructions) {
        if (instruction.op === 'COPY') {
          const copy = copyArgs(instruction.args)
          copyFromContext(copy.sources, path.join(stageDir, copy.destination) + (copy.destination.endsWith('/') ? '/' : ''))
        }
        if (instruction.op === 'RUN') {
          const startedAt = performance.now()
          await sh(instruction.args, stageDir)
          installMs += performance.now() - startedAt
        }
      }
      for (const source of sources) fs.renameSync(path.join(stageDir, path.relative(workdir(stage), source)), target)
    }
  }
  return { appDir, hostPath, env, cmd: cmd.map((part) => hostPath(part, '/data')), healthcheck, runs, installMs }
}

/** Total size in bytes of a folder tree. */
export function folderSize(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += folderSize(full)
    else if (entry.isFile()) total += fs.statSync(full).size
  }
  return total
}
