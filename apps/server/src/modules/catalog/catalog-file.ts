import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { type Catalog, CatalogSchema } from './catalog-schema.js';

/** One thing wrong with a catalog file: where, and why. */
export interface CatalogProblem {
  path: string;
  line?: number;
  message: string;
}

/** A catalog file that cannot be used; nothing was changed. */
export class CatalogFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: CatalogProblem[],
  ) {
    super(`${file}: ${problems.length} problem(s)\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'CatalogFileError';
  }
}

export function formatProblem(problem: CatalogProblem): string {
  const line = problem.line ? ` (line ${problem.line})` : '';
  return `  ${problem.path || '(file)'}${line}: ${problem.message}`;
}

/** Reads and validates a catalog YAML file. */
export async function readCatalogFile(file: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogFileError(file, [{ path: '', message: (error as Error).message }]);
  }
  return parseCatalog(text, file);
}

/** Parses catalog YAML; every problem is reported with its path and line. */
export function parseCatalog(text: string, file = 'catalog'): Catalog {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  if (document.errors.length > 0) {
    throw new CatalogFileError(
      file,
      document.errors.map((error) => ({
        path: '',
        line: lineCounter.linePos(error.pos[0]).line,
        message: error.message.split('\n')[0] ?? error.message,
      })),
    );
  }
  const parsed = CatalogSchema.safeParse(document.toJS() ?? {});
  if (parsed.success) return parsed.data;
  throw new CatalogFileError(
    file,
    parsed.error.issues.map((issue) => {
      const path = issue.path.map(String);
      const node = document.getIn(closestExisting(document, path), true) as { range?: [number] } | undefined;
      const offset = node?.range?.[0];
      return {
        path: formatPath(issue.path),
        ...(offset !== undefined ? { line: lineCounter.linePos(offset).line } : {}),
        message: issue.message,
      };
    }),
  );
}

/** The longest prefix of a path that exists in the document (a missing field points at its parent). */
function closestExisting(document: ReturnType<typeof parseDocument>, path: string[]): string[] {
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    if (document.hasIn(prefix)) return prefix;
  }
  return [];
}

/** ["Games", 0, "Products", 1, "Sku"] → "Games[0].Products[1].Sku" */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
