// The relative imports of a TypeScript file, read with the compiler's parser (syntax only, no program):
// what the house script and the local ESLint rules walk. A type-only import counts as an edge like any other:
// a type is a dependency too, and a loop through one is still a loop.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/**
 * @typedef {object} Import
 * @property {string} specifier as written, e.g. '../platform/clock.js'
 * @property {string | undefined} target the absolute path of the file it names, when it resolves to one
 * @property {boolean} typeOnly `import type …`, `export type … from`, or every named binding marked `type`
 * @property {boolean} dynamic `import('…')`
 * @property {number} line 1-based
 */

/** @type {Map<string, { mtime: number, imports: Import[] }>} */
const cache = new Map();

/**
 * The file a relative specifier names: './x.js' is './x.ts' or './x.tsx' on disk (NodeNext), './x' may be
 * './x/index.ts'.
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.d.ts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    `${base}/index.js`,
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * @param {ts.ImportClause | undefined} clause
 * @returns {boolean}
 */
function typeOnlyClause(clause) {
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/**
 * @param {string} file absolute path
 * @param {string} [text] the file's text when the caller has it (ESLint does), else read from disk
 * @returns {Import[]}
 */
export function importsOf(file, text) {
  const mtime = text === undefined ? statSync(file).mtimeMs : -1;
  const cached = cache.get(file);
  if (cached && text === undefined && cached.mtime === mtime) return cached.imports;
  const source = ts.createSourceFile(file, text ?? readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  /** @type {Import[]} */
  const imports = [];
  /** @param {ts.Node} node @param {string} specifier @param {boolean} typeOnly @param {boolean} dynamic */
  const add = (node, specifier, typeOnly, dynamic) => {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    imports.push({ specifier, target: resolveRelative(file, specifier), typeOnly, dynamic, line });
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, typeOnlyClause(node.importClause), false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allTyped =
        clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node, node.moduleSpecifier.text, node.isTypeOnly || allTyped, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(node, argument.text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true, false); // `import('./x.js').Type`
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (text === undefined) cache.set(file, { mtime, imports });
  return imports;
}

/**
 * Strongly connected components with more than one node (Tarjan), each sorted: the import loops between
 * rooms or folders (npm run house, the folder-graph test).
 * @param {Iterable<string>} nodes
 * @param {(node: string) => Iterable<string>} next
 * @returns {string[][]}
 */
export function loopsOf(nodes, next) {
  let counter = 0;
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  /** @type {string[][]} */ const found = [];
  /** @param {string} node */
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (low.get(to))));
      } else if (stack.includes(to)) low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (index.get(to))));
    }
    if (low.get(node) === index.get(node)) {
      /** @type {string[]} */ const component = [];
      let member;
      do component.push((member = /** @type {string} */ (stack.pop())));
      while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}
