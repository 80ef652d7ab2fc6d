// The knowledge database: LanceDB (embedded, on disk, Arrow columns) with one
// table of passages per knowledge base: the vector beside the text, and a BM25
// full-text index on the text. A file's passages are replaced by adding the new
// revision first and deleting the older ones after, so a crash in between leaves
// the old passages (or both, which `repair` clears), never none.
import type { Connection, Table } from '@lancedb/lancedb';

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

  private constructor(private readonly db: Connection) {}

  static async open(dir: string): Promise<PassageStore> {
    // LanceDB logs through env_logger at warn level by default (a line per new table); the app reports its own errors.
    process.env.LANCEDB_LOG ??= 'error';
    const lancedb = await import('@lancedb/lancedb');
    return new PassageStore(await lancedb.connect(dir));
  }

  /** Add a file's new passages, then drop its older revisions. */
  async replaceFile(baseId: string, fileId: string, rev: string, rows: readonly PassageRow[]): Promise<void> {
    let table = await this.table(baseId);
    if (rows.length > 0) {
      if (table) await table.add(rows as unknown as Record<string, unknown>[]);
      else table = await this.create(baseId, rows);
    }
    if (table) await table.delete(`file_id = ${sql(fileId)} AND rev != ${sql(rev)}`);
  }

  async removeFile(baseId: string, fileId: string): Promise<void> {
    const table = await this.table(baseId);
    if (table) await table.delete(`file_id = ${sql(fileId)}`);
  }

  /** Delete rows of files (or revisions) the catalog does not hold: what a crash between add and delete left. */
  async repair(baseId: string, committed: ReadonlyMap<string, string>): Promise<void> {
    const table = await this.table(baseId);
    if (!table) return;
    if (committed.size === 0) {
      await table.delete('true');
      return;
    }
    await table.delete(`file_id NOT IN (${[...committed.keys()].map(sql).join(', ')})`);
    for (const [fileId, rev] of committed) await table.delete(`file_id = ${sql(fileId)} AND rev != ${sql(rev)}`);
  }

  async dropBase(baseId: string): Promise<void> {
    this.tables.delete(baseId);
    const names = await this.db.tableNames();
    if (names.includes(tableName(baseId))) await this.db.dropTable(tableName(baseId));
  }

  async count(baseId: string): Promise<number> {
    const table = await this.table(baseId);
    return table ? table.countRows() : 0;
  }

  /** Nearest passages by cosine distance, best first. */
  async nearest(baseId: string, vector: readonly number[], limit: number): Promise<FoundRow[]> {
    const table = await this.table(baseId);
    if (!table) return [];
    return (await table.vectorSearch([...vector]).distanceType('cosine').select([...COLUMNS, '_distance']).limit(limit).toArray()) as FoundRow[];
  }

  /** Best BM25 matches of the query's words, best first; a query with no words finds nothing. */
  async keywords(baseId: string, query: string, limit: number): Promise<FoundRow[]> {
    const table = await this.table(baseId);
    const words = query.replace(/[^\p{L}\p{N}\s]+/gu, ' ').trim();
    if (!table || words === '') return [];
    return (await table.search(words, 'fts').select([...COLUMNS, '_score']).limit(limit).toArray()) as FoundRow[];
  }

  async row(baseId: string, passageId: string): Promise<FoundRow | null> {
    const table = await this.table(baseId);
    if (!table) return null;
    const [row] = (await table.query().where(`id = ${sql(passageId)}`).select(COLUMNS).limit(1).toArray()) as FoundRow[];
    return row ?? null;
  }

  /** Fold new rows into the full-text index and compact; after an ingest. */
  async optimize(baseId: string): Promise<void> {
    const table = await this.table(baseId);
    if (table) await table.optimize({ cleanupOlderThan: new Date() });
  }

  close(): void {
    for (const table of this.tables.values()) table.close();
    this.tables.clear();
    this.db.close();
  }

  private async table(baseId: string): Promise<Table | null> {
    const open = this.tables.get(baseId);
    if (open) return open;
    const names = await this.db.tableNames();
    if (!names.includes(tableName(baseId))) return null;
    const table = await this.db.openTable(tableName(baseId));
    this.tables.set(baseId, table);
    return table;
  }

  private async create(baseId: string, rows: readonly PassageRow[]): Promise<Table> {
    const lancedb = await import('@lancedb/lancedb');
    const table = await this.db.createTable(tableName(baseId), rows as unknown as Record<string, unknown>[], { mode: 'overwrite' });
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
