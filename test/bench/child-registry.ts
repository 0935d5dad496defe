import type { ChildProcess } from 'node:child_process';

interface Signals {
  /** Sent by stopChild(); default SIGTERM. */
  stop: NodeJS.Signals;
  /** Sent when the benchmark exits without stopping the child; default SIGKILL. */
  onExit: NodeJS.Signals;
}

/**
 * Every child process the benchmark starts, so none outlives it: stopped in order at the end, and
 * signalled on SIGINT, SIGTERM, an error or any other exit. Each child has its own stop signal:
 * nginx must get SIGTERM (its master takes the workers down; SIGKILL would orphan them), node
 * children get SIGTERM first and SIGKILL if they linger.
 */
const live = new Map<ChildProcess, Signals>();

/** Register a child; it leaves the registry when it exits. */
export function track<C extends ChildProcess>(child: C, signals: Partial<Signals> = {}): C {
  live.set(child, { stop: signals.stop ?? 'SIGTERM', onExit: signals.onExit ?? 'SIGKILL' });
  child.once('exit', () => live.delete(child));
  return child;
}

/** Stop one child: its stop signal, then SIGKILL after `graceMs`. Resolves once it exited. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(live.get(child)?.stop ?? 'SIGTERM');
  });
}

const cleanups = new Set<() => Promise<void>>();

/**
 * Run `fn` when the benchmark is interrupted, after its children stopped (e.g. deleting Redis
 * counters); the returned function unregisters it once the caller cleaned up on its own.
 */
export function onInterrupt(fn: () => Promise<void>): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Stop every registered child. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live.keys()].map((c) => stopChild(c)));
}

/**
 * On SIGINT/SIGTERM stop every child and exit 130/143; on exit (normal or thrown) signal the ones
 * left and run `onExit`, synchronously, since nothing asynchronous runs after 'exit'.
 */
export function installCleanup(onExit: () => void = () => {}): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): clean up once.
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping child processes\n`);
    void stopAll()
      .then(() => Promise.allSettled([...cleanups].map((fn) => fn())))
      .finally(() => process.exit(code));
  };
  process.on('SIGINT', () => onSignal('SIGINT', 130));
  process.on('SIGTERM', () => onSignal('SIGTERM', 143));
  process.on('exit', () => {
    for (const [child, signals] of live) {
      try {
        child.kill(signals.onExit);
      } catch {
        /* already gone */
      }
    }
    onExit();
  });
}
