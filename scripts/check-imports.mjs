#!/usr/bin/env node
// Import rules the type checker cannot see (ARCHITECTURE.md §3, §4):
//  1. no cycles between server modules (apps/server/src/modules/<module>),
//  2. no server module imports another module's `*-repository` file (a module owns its tables;
//     others ask its service),
//  3. no web feature (apps/web/src/features/<feature>) imports another feature,
//  4. web layers import downwards only: app → features → entities → shared (shared imports none of
//     the others, entities no feature and not app, features not app).
// Test files (*.test.ts[x]) are left out: fixtures may reach into any module.
// Imports are read with the TypeScript compiler already installed (ts.preProcessFile), so this
// needs no dependency of its own. Exits 1 with one line per violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverModules = join(root, 'apps/server/src/modules');
const webSrc = join(root, 'apps/web/src');
const webFeatures = join(webSrc, 'features');
/** The portal's layers, lowest first: a file may import its own layer and those below it. */
const webLayers = ['shared', 'entities', 'features', 'app'];

/** Every non-test .ts/.tsx file under dir. */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Relative imports (static, dynamic, re-exports) of a file, resolved to absolute paths without extension. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec).replace(/\.(js|jsx|ts|tsx|mjs)$/, ''));
}

/** The first folder under base that path lies in, or undefined outside base. */
function areaOf(base, path) {
  const rel = relative(base, path);
  if (rel.startsWith('..') || rel === '') return undefined;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 ? first : undefined;
}

const problems = [];
const show = (path) => relative(root, path);
const repositoryProblem = (file, target, owner) =>
  `${show(file)} imports ${show(target)}: ask the ${owner} module's service, not its repository`;

// Server: the module graph and repository imports.
const edges = new Map(); // module -> Map(target module -> first importing file)
for (const file of sourceFiles(serverModules)) {
  const from = areaOf(serverModules, file);
  if (!from) continue;
  for (const target of importsOf(file)) {
    const to = areaOf(serverModules, target);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, file);
    if (/-repository$/.test(target) && !problems.includes(repositoryProblem(file, target, to))) {
      problems.push(repositoryProblem(file, target, to));
    }
  }
}

// Cycles: strongly connected components of the module graph (Tarjan), each reported once.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function connect(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) === index.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) {
      const members = new Set(component);
      const links = component.flatMap((a) =>
        [...(edges.get(a) ?? [])]
          .filter(([b]) => members.has(b))
          .map(([b, file]) => `    ${a} -> ${b} (${show(file)})`),
      );
      problems.push(`cycle between server modules ${component.sort().join(', ')}:\n${links.join('\n')}`);
    }
  }
}
for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);

// Web: features do not import each other.
for (const file of sourceFiles(webFeatures)) {
  const from = areaOf(webFeatures, file);
  if (!from) continue;
  for (const target of importsOf(file)) {
    const to = areaOf(webFeatures, target);
    if (to && to !== from) {
      problems.push(
        `${show(file)} imports ${show(target)}: features do not import each other (move it to entities/ or shared/)`,
      );
    }
  }
}

// Web: layers import downwards only (files outside the layers, such as main.tsx and test/, are free).
for (const layer of webLayers) {
  const rank = webLayers.indexOf(layer);
  for (const file of sourceFiles(join(webSrc, layer))) {
    for (const target of importsOf(file)) {
      const above = webLayers.indexOf(areaOf(webSrc, target));
      if (above > rank) {
        problems.push(`${show(file)} imports ${show(target)}: ${layer}/ does not import ${webLayers[above]}/`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  'check-imports: no module cycles, no cross-module repository imports, no feature-to-feature imports, no upward web layer imports',
);
