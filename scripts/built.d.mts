/** Types of scripts/built.mjs for the TypeScript scripts that import it (scripts/e2e-server.ts). */
export function ensureBuilt(names: ('web' | 'server')[]): void;
export function runServerProgram(name: string): Promise<void>;
