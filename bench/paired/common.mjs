// What the paired benches of this folder share: their command-line options, the variables given to
// each tree (--env for every tree, --env2 for the second), a pause, a median and a process's CPU time.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);

/** The value after `--name`, or `fallback`. */
export const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

/** Whether `--name` was given. */
export const flag = (name) => args.includes(`--${name}`);

/** "K=V K=V" as an object. */
const parseEnv = (text) =>
  Object.fromEntries(
    (text ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/** Each tree's extra environment: --env for all, --env2 (else --env) for the second. */
export const treeEnvs = (trees) => trees.map((_, index) => parseEnv(index === 1 ? option('env2', option('env')) : option('env')));

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Linux's clock ticks a second (/proc/<pid>/stat's times). */
export const TICKS_PER_SECOND = 100;

/** A process's own CPU time so far (utime + stime, every thread), in clock ticks. */
export const cpuTicks = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(stat[11]) + Number(stat[12]);
};
