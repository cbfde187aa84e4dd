/**
 * A worker thread of a parallel catch-up (parallel-catch-up.ts): it loads the projections from the
 * module it is told, applies the pages of events the engine hands it to the projections it is
 * assigned, each into its own documents (a fresh build: nothing stored to read), and hands the final
 * documents back once the engine has read the whole log. Pure CPU: no store, no I/O of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { deserialize } from 'node:v8';
import type { RecordedEvent } from '../event-store/event-store.js';
import type { Doc } from '../document-store/document-store.js';
import type { Projection } from './projection.js';
import { evolveInto } from './projection-runner.js';
import type { FromWorker, ToWorker, WorkerSetup } from './parallel-protocol.js';

/** Documents per message on the way back: the engine parses one while the next is written. */
const DOCS_PER_MESSAGE = 5_000;

const port = parentPort!;
const setup = workerData as WorkerSetup;

const post = (message: FromWorker) => port.postMessage(message);

try {
  const loaded = (await import(setup.module)) as Record<string, unknown>;
  const projections = projectionsOf(loaded[setup.exportName]);
  const byName = new Map(projections.map((p) => [p.name, p]));
  let assigned: { projection: Projection; docs: Map<string, Doc | null> }[] = [];
  let byType = new Map<string, typeof assigned>();
  port.on('message', (message: ToWorker) => {
    try {
      if (message.kind === 'assign') {
        assigned = message.names.map((name) => {
          const projection = byName.get(name);
          if (!projection) throw new Error(`no projection named ${name} in ${setup.module}`);
          return { projection, docs: new Map<string, Doc | null>() };
        });
        byType = new Map();
        for (const a of assigned) {
          for (const type of a.projection.handles) {
            const list = byType.get(type);
            if (list) list.push(a);
            else byType.set(type, [a]);
          }
        }
      } else if (message.kind === 'page') {
        const events = deserialize(message.page) as RecordedEvent[];
        for (const event of events) {
          const feeding = byType.get(event.type);
          if (!feeding) continue;
          for (const { projection, docs } of feeding) {
            const ids = projection.documentIds(event);
            for (const id of ids) {
              const known = docs.get(id);
              evolveInto(projection, docs, id, known === undefined ? null : known, event);
            }
          }
        }
      } else if (message.kind === 'end') {
        for (const { projection, docs } of assigned) {
          let chunk: (Doc | string)[] = [];
          // A deleted document goes back as its id.
          docs.forEach((doc, id) => {
            chunk.push(doc ?? id);
            if (chunk.length >= DOCS_PER_MESSAGE) {
              post({ kind: 'docs', collection: projection.name, json: JSON.stringify(chunk) });
              chunk = [];
            }
          });
          if (chunk.length) post({ kind: 'docs', collection: projection.name, json: JSON.stringify(chunk) });
          docs.clear();
        }
        const cpu = process.threadCpuUsage();
        post({ kind: 'done', cpuMs: Math.round((cpu.user + cpu.system) / 1000) });
      }
    } catch (error) {
      post({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  post({ kind: 'ready', names: projections.map((p) => p.name) });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}

/** The projections of a module's export: a list of projections, or of features that carry them. */
function projectionsOf(value: unknown): Projection[] {
  if (!Array.isArray(value)) throw new Error(`${setup.exportName} of ${setup.module} is not a list`);
  return value.flatMap((item: Projection | { projections?: Projection[] }) => ('evolve' in item ? [item] : (item.projections ?? [])));
}
