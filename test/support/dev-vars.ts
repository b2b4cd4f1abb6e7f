// Reads dev.vars.example (KEY=value lines) so tests use the same local secrets as `npm run dev`.
import { readFileSync } from 'node:fs';

export function devVars(file = 'dev.vars.example'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}
