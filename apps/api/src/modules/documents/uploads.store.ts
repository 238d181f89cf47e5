import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { MAX_DOCUMENT_MIB } from '@hpbc/shared/design-documents';
import type { Database } from '../../db/client';
import type { StreamingStore } from '../../lib/file-store/streaming-store';
import { uploadsRepository } from './uploads.repository';

/** The largest upload (and document) accepted: docs/api.md, "Documents of a registration". */
export const MAX_UPLOAD_BYTES = MAX_DOCUMENT_MIB * 1024 * 1024;
/** The design area of DATA_DIR (or of `file_chunks`): uploads, documents and approved copies. */
export const DESIGN_AREA = 'design';

/** Unfinished (and unused) uploads are removed after this long (docs/api.md "Resumable uploads"). */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;

/** The metadata key onUploadCreate fills with the signed-in account's id; never taken from the client, never shown. */
export const OWNER_KEY = 'hpbc_owner';

/** Where an upload's bytes live in the design area of the streaming store. */
export const uploadKey = (id: string) => `uploads/${id}`;

/**
 * The tus data store of the portal (decision 069): the upload's row (owner, length,
 * metadata) in `tus_uploads`, its bytes appended to the streaming store as they arrive.
 * The offset is what the store holds, read again on every HEAD and PATCH: a restarted
 * server resumes from the bytes that reached the disk (or the chunk rows), nothing kept
 * in memory.
 */
export class PortalTusStore extends DataStore {
  constructor(
    private readonly database: Database,
    private readonly files: StreamingStore,
    private readonly now: () => Date,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { [OWNER_KEY]: owner, ...metadata } = upload.metadata ?? {};
    if (!owner || upload.size === undefined) throw ERRORS.UNKNOWN_ERROR;
    const created = await uploadsRepository(this.database.db).create({
      id: upload.id,
      userId: Number(owner),
      size: upload.size,
      metadata,
      now: this.now(),
    });
    if (!created) throw { status_code: 429, body: 'Too many unfinished uploads: finish or delete some first.\n' };
    upload.creation_date = this.onTusClock(this.now());
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    return offset + (await this.files.append(uploadKey(id), offset, stream));
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await uploadsRepository(this.database.db).find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: await this.files.size(uploadKey(id)),
      metadata: row.metadata,
      creation_date: this.onTusClock(row.createdAt),
    });
  }

  override async remove(id: string): Promise<void> {
    await uploadsRepository(this.database.db).remove(id);
    await this.files.discard(uploadKey(id));
  }

  /**
   * @tus/server compares creation_date + expiry with the real clock, while the portal keeps
   * time by its own clock (`deps.now`, which tests move): an instant of ours, as tus counts it.
   */
  private onTusClock(at: Date): string {
    return new Date(at.getTime() + (Date.now() - this.now().getTime())).toISOString();
  }

  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  /** Removes every upload older than the expiry (finished but never used too). Returns how many. */
  override async deleteExpired(): Promise<number> {
    const repo = uploadsRepository(this.database.db);
    let removed = 0;
    for (;;) {
      const rows = await repo.olderThan(new Date(this.now().getTime() - UPLOAD_EXPIRY_MS));
      for (const row of rows) await this.remove(row.id);
      removed += rows.length;
      if (rows.length === 0) return removed;
    }
  }
}
