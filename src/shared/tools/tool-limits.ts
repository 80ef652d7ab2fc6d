// Limits shared by the descriptors (the model is told them) and the runtime
// (which enforces them), so the two never drift apart.

export const TOOL_LIMITS = {
  /** characters of tool output the model is shown; head and tail are kept */
  maxOutputChars: 30_000,
  calculatorMs: 1_000,
  commandDefaultSeconds: 120,
  commandMaxSeconds: 600,
  /** files larger than this are refused by read_file / edit_file */
  maxReadBytes: 10 * 1024 * 1024,
  /** write_file content larger than this is refused */
  maxWriteBytes: 10 * 1024 * 1024,
  readDefaultLines: 2_000,
  readMaxLines: 10_000,
  listDefaultEntries: 500,
  listMaxEntries: 5_000,
  /** directory entries a glob walk looks at before it gives up */
  listMaxScanned: 50_000,
  controllerMaxActions: 200,
  controllerMaxWaitMs: 10_000,
  /** file tools, list and preview: generous, they only touch local files */
  fileToolMs: 30_000,
  /** web_fetch: body bytes read (after decompression), the whole fetch's time, redirects followed */
  webFetchMaxBytes: 2 * 1024 * 1024,
  webFetchMs: 20_000,
  webFetchMaxRedirects: 5,
} as const;
