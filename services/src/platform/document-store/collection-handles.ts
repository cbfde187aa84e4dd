import type { Doc, DocumentCollection } from './document-store.js';

/** One handle per collection name: the projection engine asks for a collection once per document it touches. */
export class CollectionHandles {
  private readonly handles = new Map<string, DocumentCollection>();

  constructor(private readonly create: (name: string) => DocumentCollection) {}

  get<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    let handle = this.handles.get(name);
    if (!handle) {
      handle = this.create(name);
      this.handles.set(name, handle);
    }
    return handle as DocumentCollection<T>;
  }
}
