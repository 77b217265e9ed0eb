import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The first executable file named `binary` in the directories of `searchPath` (PATH syntax). */
export function findOnPath(binary: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
