// Local ESLint rules: every folder of services/src is a room declared in services/layers.js, and no import
// loop runs through a type-only import (the loops import-x/no-cycle cannot see: it skips `import type`).
import { dirname, relative, sep } from 'node:path';
import { kindOf, roomOf, srcDir } from '../../services/layers.js';
import { importsOf } from './imports.js';

const repoRoot = dirname(dirname(srcDir));
/** @param {string} path */
const shown = (path) => relative(repoRoot, path).split(sep).join('/');

/**
 * The shortest import route from `start` to `goal` (absolute paths), following every relative import or only
 * those that load code (`valueOnly`). Each step is a file and whether the import that reached it is type-only.
 * @param {string} start
 * @param {string} goal
 * @param {boolean} valueOnly
 * @returns {{ file: string, typeOnly: boolean }[] | undefined}
 */
function route(start, goal, valueOnly) {
  /** @type {Map<string, { from: string, typeOnly: boolean }>} */
  const reached = new Map();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    let imports;
    try {
      imports = importsOf(at);
    } catch {
      continue; // a file removed while the lint runs is no edge
    }
    for (const { target, typeOnly } of imports) {
      if (!target || target === start || reached.has(target) || (valueOnly && typeOnly)) continue;
      reached.set(target, { from: at, typeOnly });
      if (target === goal) {
        const steps = [];
        for (let step = goal; step !== start; step = /** @type {{ from: string }} */ (reached.get(step)).from) {
          steps.unshift({ file: step, typeOnly: /** @type {{ typeOnly: boolean }} */ (reached.get(step)).typeOnly });
        }
        return steps;
      }
      queue.push(target);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noTypeCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import loop through a type-only import (import-x/no-cycle skips `import type`).' },
    messages: {
      cycle:
        'Import loop through a type-only import: {{route}}. A type is a dependency too: move the shared type into the lower file ' +
        '(or a types file both import) so the imports run one way.',
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    return {
      'Program:exit'() {
        for (const { target, typeOnly, line } of importsOf(file, context.sourceCode.text)) {
          if (!target || target === file) continue;
          const back = route(target, file, false);
          if (!back) continue;
          // A loop of code imports only is import-x/no-cycle's to report.
          if (!typeOnly && route(target, file, true)) continue;
          const steps = [{ file: target, typeOnly }, ...back];
          const text = steps.reduce(
            (shownRoute, step) => `${shownRoute} ${step.typeOnly ? '→(import type)' : '→'} ${shown(step.file)}`,
            shown(file),
          );
          context.report({ loc: { line, column: 0 }, messageId: 'cycle', data: { route: text } });
        }
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const declaredRoom = {
  meta: {
    type: 'problem',
    docs: { description: 'Every folder of services/src is a room declared in services/layers.js.' },
    messages: {
      undeclared:
        'services/src/{{room}} is an undeclared room: declare it in services/layers.js (a slice with the slices it may import, ' +
        'or a capability with the capabilities below it) so the house knows its floor.',
    },
    schema: [],
  },
  create(context) {
    const room = roomOf(context.physicalFilename);
    if (room === undefined || kindOf(room) !== 'undeclared') return {};
    return {
      Program(node) {
        context.report({ node, messageId: 'undeclared', data: { room } });
      },
    };
  },
};

export default {
  meta: { name: 'house' },
  rules: { 'no-type-cycle': noTypeCycle, 'declared-room': declaredRoom },
};
