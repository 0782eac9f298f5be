/** Runs a command for the packaging suite, with its output kept for the error that tells what failed. */
import { spawn } from "node:child_process";

export interface CommandResult {
  code: number | null;
  output: string;
}

export interface CommandOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (and reported) after this long; default 5 minutes. */
  timeoutMs?: number;
}

/** Runs `command args`, stdout and stderr interleaved into `output`; never rejects for a failing exit code. */
export function run(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs ?? 300_000} ms]`;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 300_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Like {@link run}, but a non-zero exit throws an error naming the command, the folder and the end of its output. */
export async function mustRun(command: string, args: readonly string[], options: CommandOptions): Promise<string> {
  const { code, output } = await run(command, args, options);
  if (code !== 0) {
    const tail = output.trimEnd().split("\n").slice(-60).join("\n");
    throw new Error(`\`${command} ${args.join(" ")}\` in ${options.cwd} exited with ${code}:\n${tail}`);
  }
  return output;
}
