// The knowledge database: LanceDB (embedded, on disk, Arrow columns) with one
// table of passages per knowledge base: the vector beside the text, a BM25
// full-text index on the text, and an IVF index on the vectors once the table is
// large (vector-index-plan.ts). A file's passages are replaced by adding the new
// revision first and deleting the older ones after, so a crash in between leaves
// the old passages (or both, which `repair` clears), never none.
import type { Connection, Table } from '@lancedb/lancedb';
import { planVectorIndex, trainedRowsOf, vectorIndexName } from './vector-index-plan';

/** One passage row as stored. */
export interface PassageRow {
  id: string;
  file_id: string;
  /** the file revision (content hash) these passages came from */
  rev: string;
  text: string;
  path: string;
  /** 0 where the format has no pages */
  page: number;
  line_start: number;
  line_end: number;
  char_start: number;
  char_end: number;
  vector: number[];
}

/** A row as a search returns it, with the side's own score. */
export type FoundRow = Omit<PassageRow, 'vector'> & { _distance?: number; _score?: number };

const COLUMNS = ['id', 'file_id', 'rev', 'text', 'path', 'page', 'line_start', 'line_end', 'char_start', 'char_end'];

export class PassageStore {
  private readonly tables = new Map<string, Table>();
  /** each base's writes, one after another: two ingest lanes must not both create its table, nor race a compaction */
  private readonly writes = new Map<string, Promise<unknown>>();

  /** LanceDB, connected on first use: its native library holds tens of MB, which a user without a base never needs. */
  private connection: Promise<Connection> | null = null;

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<PassageStore> {
    return new PassageStore(dir);
  }

  private db(): Promise<Connection> {
    this.connection ??= (async () => {
      // LanceDB logs through env_logger at warn level by default (a line per new table); the app reports its own
      // errors.
      process.env.LANCEDB_LOG ??= 'error';
      const lancedb = await import('@lancedb/lancedb');
      return lancedb.connect(this.dir);
    })();
    // A connection that failed (the native library missing, the folder unreadable) is tried again on the next use.
    this.connection.catch(() => {
      this.connection = null;
    });
    return this.connection;
  }

  /**
   * Add a file's new passages, then drop its older revisions. `hadPassages: false`
   * (the catalog holds none for the file) skips the delete: a scan of the table
   * and a new table version per file, for nothing, on a first ingest.
   */
  replaceFile(
    baseId: string,
    fileId: string,
    rev: string,
    rows: readonly PassageRow[],
    options: { hadPassages?: boolean } = {},
  ): Promise<void> {
    return this.serial(baseId, async () => {
      let table = await this.table(baseId);
      if (rows.length > 0) {
        if (table) await table.add(rows as unknown as Record<string, unknown>[]);
        else table = await this.create(baseId, rows);
      }
      if (table && options.hadPassages !== false) await table.delete(`file_id = ${sql(fileId)} AND rev != ${sql(rev)}`);
    });
  }

  removeFile(baseId: string, fileId: string): Promise<void> {
    return this.serial(baseId, async () => {
      const table = await this.table(baseId);
      if (table) await table.delete(`file_id = ${sql(fileId)}`);
    });
  }

  /** Delete rows of files (or revisions) the catalog does not hold: what a crash between add and delete left. */
  repair(baseId: string, committed: ReadonlyMap<string, string>): Promise<void> {
    return this.serial(baseId, async () => {
      const table = await this.table(baseId);
      if (!table) return;
      if (committed.size === 0) {
        await table.delete('true');
        return;
      }
      await table.delete(`file_id NOT IN (${[...committed.keys()].map(sql).join(', ')})`);
      for (const [fileId, rev] of committed) await table.delete(`file_id = ${sql(fileId)} AND rev != ${sql(rev)}`);
    });
  }

  dropBase(baseId: string): Promise<void> {
    return this.serial(baseId, async () => {
      this.tables.delete(baseId);
      const db = await this.db();
      const names = await db.tableNames();
      if (names.includes(tableName(baseId))) await db.dropTable(tableName(baseId));
    });
  }

  async count(baseId: string): Promise<number> {
    const table = await this.table(baseId);
    return table ? table.countRows() : 0;
  }

  /** Nearest passages by cosine distance, best first. */
  async nearest(baseId: string, vector: readonly number[], limit: number): Promise<FoundRow[]> {
    const table = await this.table(baseId);
    if (!table) return [];
    return (await table
      .vectorSearch([...vector])
      .distanceType('cosine')
      .select([...COLUMNS, '_distance'])
      .limit(limit)
      .toArray()) as FoundRow[];
  }

  /** Best BM25 matches of the query's words, best first; a query with no words finds nothing. */
  async keywords(baseId: string, query: string, limit: number): Promise<FoundRow[]> {
    const table = await this.table(baseId);
    const words = query.replace(/[^\p{L}\p{N}\s]+/gu, ' ').trim();
    if (!table || words === '') return [];
    return (await table
      .search(words, 'fts')
      .select([...COLUMNS, '_score'])
      .limit(limit)
      .toArray()) as FoundRow[];
  }

  async row(baseId: string, passageId: string): Promise<FoundRow | null> {
    const table = await this.table(baseId);
    if (!table) return null;
    const [row] = (await table
      .query()
      .where(`id = ${sql(passageId)}`)
      .select(COLUMNS)
      .limit(1)
      .toArray()) as FoundRow[];
    return row ?? null;
  }

  /**
   * Fold new rows into the indices, compact, and (re)train the vector index when the table has grown to need it; after
   * an ingest.
   */
  optimize(baseId: string): Promise<void> {
    return this.serial(baseId, async () => {
      const table = await this.table(baseId);
      if (!table) return;
      await table.optimize({ cleanupOlderThan: new Date() });
      const current = (await table.listIndices()).find(
        (index) => index.columns.includes('vector') && trainedRowsOf(index.name) !== null,
      );
      const rows = await table.countRows();
      const vector = (await table.schema()).fields.find((field) => field.name === 'vector');
      const dimension = (vector?.type as { listSize?: number } | undefined)?.listSize ?? 0;
      if (planVectorIndex({ rows, dimension, trainedRows: current ? trainedRowsOf(current.name) : null }) !== 'build')
        return;
      const lancedb = await import('@lancedb/lancedb');
      // The new index is built beside the old one, which searches keep using until it is dropped.
      await table.createIndex('vector', {
        config: lancedb.Index.ivfFlat({ distanceType: 'cosine' }),
        name: vectorIndexName(rows),
      });
      if (current) await table.dropIndex(current.name);
    });
  }

  /** The names of the table's indices (tests). */
  async indexNames(baseId: string): Promise<string[]> {
    const table = await this.table(baseId);
    return table ? (await table.listIndices()).map((index) => index.name) : [];
  }

  close(): void {
    for (const table of this.tables.values()) table.close();
    this.tables.clear();
    const opened = this.connection;
    this.connection = null;
    // A connection still on its way closes when it lands; one that failed has nothing to close.
    opened?.then((db) => db.close()).catch(() => undefined);
  }

  private serial<T>(baseId: string, work: () => Promise<T>): Promise<T> {
    // The chain goes on after a failed write; that write's caller got its error.
    const next = (this.writes.get(baseId) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.writes.set(baseId, next);
    const settle = () => {
      if (this.writes.get(baseId) === next) this.writes.delete(baseId);
    };
    next.then(settle, settle);
    return next;
  }

  private async table(baseId: string): Promise<Table | null> {
    const open = this.tables.get(baseId);
    if (open) return open;
    const db = await this.db();
    const names = await db.tableNames();
    if (!names.includes(tableName(baseId))) return null;
    const table = await db.openTable(tableName(baseId));
    this.tables.set(baseId, table);
    return table;
  }

  private async create(baseId: string, rows: readonly PassageRow[]): Promise<Table> {
    const lancedb = await import('@lancedb/lancedb');
    const table = await (
      await this.db()
    ).createTable(tableName(baseId), rows as unknown as Record<string, unknown>[], {
      mode: 'overwrite',
    });
    await table.createIndex('text', { config: lancedb.Index.fts({ withPosition: false }) });
    this.tables.set(baseId, table);
    return table;
  }
}

function tableName(baseId: string): string {
  return `base_${baseId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** A string literal for a LanceDB filter. Ids are ours (hex), but quoting stays correct for any text. */
function sql(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
