import type { Database } from '../db/client';
import { onContentChanged } from './content-changed';

/**
 * A value computed from the database and kept until its list's counter in
 * content_versions changes (checked at most once per `checkEveryMs`), like
 * PreparedAnswer but for values used in code rather than sent as they are.
 */
export class VersionedValue<T> {
  private value: T | undefined;
  private version = -1;
  private checkedAt = 0;
  private pending: Promise<T> | undefined;

  constructor(
    private readonly database: Database,
    private readonly versionName: string,
    private readonly build: () => Promise<T>,
    private readonly checkEveryMs = 1000,
  ) {
    onContentChanged(database, versionName, () => {
      this.checkedAt = 0;
      this.version = -1;
    });
  }

  /** The value if it may be used without asking the database; else undefined (get() then). */
  peek(): T | undefined {
    return this.value !== undefined && Date.now() - this.checkedAt < this.checkEveryMs ? this.value : undefined;
  }

  async get(): Promise<T> {
    const fresh = this.peek();
    if (fresh !== undefined) return fresh;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async refresh(): Promise<T> {
    const rows = await this.database.query<{ version: number | string }>(
      'SELECT version FROM content_versions WHERE name = $1',
      [this.versionName],
    );
    const version = Number(rows[0]?.version ?? 0);
    if (this.value === undefined || version !== this.version) {
      this.value = await this.build();
      this.version = version;
    }
    this.checkedAt = Date.now();
    return this.value;
  }
}
