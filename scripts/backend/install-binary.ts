// Copying a built executable into bin/<backend>/ so that a reader never sees a
// half-written file: copy under a temp name in the same dir, chmod, rename.
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** `name` with the platform's executable suffix. */
export function executableName(name: string): string {
  return process.platform === 'win32' ? `${name}.exe` : name;
}

/** Where cmake put a target's executable: bin/ for Makefiles and Ninja, bin/Release/ for Visual Studio. */
export function findBuiltExecutable(buildDir: string, name: string): string | null {
  const file = executableName(name);
  return [join(buildDir, 'bin', file), join(buildDir, 'bin', 'Release', file)].find((path) => existsSync(path)) ?? null;
}

/** Installs `from` as binDir/<its name>, atomically; returns the installed path and its size. */
export async function installExecutable(
  from: string,
  binDir: string,
  name: string,
): Promise<{ path: string; bytes: number }> {
  await mkdir(binDir, { recursive: true });
  const target = join(binDir, executableName(name));
  const temp = join(binDir, `.${executableName(name)}.${process.pid}.tmp`);
  try {
    await copyFile(from, temp);
    await chmod(temp, 0o755);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // Windows will not replace an executable that is running.
    const hint =
      code === 'EPERM' || code === 'EBUSY' || code === 'EACCES' ? ` (is ${name} running? stop it and build again)` : '';
    throw new Error(`could not install ${target}: ${(error as Error).message}${hint}`, { cause: error });
  }
  return { path: target, bytes: (await stat(target)).size };
}
