/**
 * Headless Chromium for the rendering tests of the reports and the reproduction map:
 * Debian's `chromium`, installed here if missing; a test is skipped, saying why, only
 * where it cannot be installed. Test code only (never built, never published).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome'];

function findChromium(): string | undefined {
  for (const name of CANDIDATES) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  return undefined;
}

/** Where Chromium is, or why there is none. */
export interface ChromiumFound {
  readonly path?: string;
  readonly why?: string;
}

/** Chromium, installing Debian's package (quietly) when it is missing and this is root with apt. */
export function ensureChromium(): ChromiumFound {
  const present = findChromium();
  if (present !== undefined) return { path: present };
  if (process.getuid?.() !== 0) return { why: 'chromium is not installed and installing it needs root' };
  if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    return { why: 'chromium is not installed and apt-get is not available' };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      env,
      stdio: 'ignore',
      timeout: 600_000,
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore', timeout: 300_000 });
    if (!install()) return { why: 'chromium could not be installed with apt-get' };
  }
  const path = findChromium();
  return path === undefined ? { why: 'chromium installed but not found on PATH' } : { path };
}

/**
 * Put first in the page's head: every error event (an uncaught exception, a resource that
 * failed to load) goes to the console, which Chromium logs on standard error.
 */
const REPORT_ERRORS = `<script>addEventListener('error', (e) => console.error(e.message || 'failed to load ' + ((e.target && (e.target.src || e.target.href)) || 'a resource')), true);</script>`;

/** A page as Chromium laid it out: the DOM after its scripts ran, and every console message. */
export interface RenderedPage {
  readonly dom: string;
  readonly console: readonly string[];
}

/**
 * Loads `html` (written to `<work>/<name>.html`) in headless Chromium at a laptop's
 * width, runs its scripts and returns the DOM they left and the messages the page wrote
 * to the console (errors included) — none from a report, which holds no script.
 */
export function renderInChromium(chromium: string, html: string, work: string, name: string): RenderedPage {
  const path = join(work, `${name}.html`);
  writeFileSync(path, html.replace(/<head>/, `<head>${REPORT_ERRORS}`));
  const run = spawnSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-logging=stderr',
      '--v=0',
      `--user-data-dir=${join(work, `profile-${name}`)}`,
      '--window-size=1000,900',
      '--dump-dom',
      `file://${path}`,
    ],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    throw new Error(`chromium exited ${run.status ?? run.signal} on ${path}: ${run.stderr.slice(-2000)}`);
  }
  // `[pid:tid:time:INFO:CONSOLE:12] "message", source: file:///… (12)` (older builds: `CONSOLE(12)`).
  const messages = [...run.stderr.matchAll(/:CONSOLE[:(]\d+\)?\] (.*)$/gm)].map((m) => m[1] as string);
  return { dom: run.stdout, console: messages };
}

/** The JSON a measuring script wrote into `<pre id="…">`, parsed. */
export function preJson<T>(dom: string, id: string, from: string): T {
  const json = new RegExp(`<pre id="${id}">([\\s\\S]*?)</pre>`).exec(dom)?.[1];
  if (json === undefined) throw new Error(`no ${id} in the page Chromium rendered from ${from}`);
  return JSON.parse(json.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as T;
}
