import { GridFSBucket, type Db, type MongoClient } from 'mongodb';
import { connectMongo, MONGO_OPERATION_MAX_MS } from '../document-store/mongo-client-options.js';
import { assertBlobKey, contentTypeOfKey, isBlobKey, type BlobStore, type StoredBlob } from './blob-store.js';

/** A lookup of the bucket's files is stopped by the server after this (chunks stream under the socket timeout). */
const BOUNDED = { maxTimeMS: MONGO_OPERATION_MAX_MS } as const;

/** Production adapter: MongoDB GridFS, bucket `uploads`, one file per key (its filename). */
export class GridFsBlobStore implements BlobStore {
  readonly kind = 'gridfs';
  private readonly bucket: GridFSBucket;

  constructor(
    db: Db,
    private readonly client: MongoClient | null = null,
    bucketName = 'uploads',
  ) {
    this.bucket = new GridFSBucket(db, { bucketName });
  }

  static async connect(url: string, dbName: string): Promise<GridFsBlobStore> {
    // The read models' bounds: a server found within 10 s (not the driver's 30 s), a silent one given up on.
    const client = await connectMongo(url);
    return new GridFsBlobStore(client.db(dbName), client);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    // Content-addressed: an existing file under this key already holds these bytes.
    if (await this.has(key)) return;
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(data);
    });
  }

  async get(key: string): Promise<StoredBlob | null> {
    if (!isBlobKey(key)) return null;
    const [file] = await this.bucket.find({ filename: key }, BOUNDED).sort({ uploadDate: 1 }).limit(1).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    const contentType = (file.metadata as { contentType?: string } | undefined)?.contentType ?? contentTypeOfKey(key);
    return { key, contentType, size: data.length, data };
  }

  async has(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    return (await this.bucket.find({ filename: key }, BOUNDED).limit(1).toArray()).length > 0;
  }

  async delete(key: string): Promise<void> {
    if (!isBlobKey(key)) return;
    for (const file of await this.bucket.find({ filename: key }, BOUNDED).toArray()) await this.bucket.delete(file._id);
  }

  async list(): Promise<string[]> {
    const files = await this.bucket.find({}, BOUNDED).project<{ filename: string }>({ filename: 1 }).toArray();
    return [...new Set(files.map((f) => f.filename))].filter(isBlobKey).sort();
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
