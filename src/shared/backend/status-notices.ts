// The notices the core puts in the backend status, as codes with their values, so the page words them in its own
// language; `BackendStatus.notices` keeps the core's English sentence beside each for readers that know no code.

/** Every notice code the core can push; the page has a `status.notice.<code>` string for each. */
export const STATUS_NOTICE_CODES = [
  'port_in_use',
  'gpu_probe_failed',
  'server_exposed_with_key',
  'server_exposed_no_key',
  'rpc_local_exposed',
  'rpc_remote_exposed',
  'fit_recalled',
  'backend_fallback',
  'backend_fallback_no_gpu',
  'backend_fit',
  'backend_no_repack',
  'rpc_worker_lost',
  'model_restored',
] as const;

export type StatusNoticeCode = (typeof STATUS_NOTICE_CODES)[number];

/** One notice of the status as a code and the values its sentence names. */
export interface StatusNoticeCodeEntry {
  code: StatusNoticeCode;
  vars?: Record<string, string | number>;
}

/** A notice as the core keeps it: its code, its values and its English sentence. */
export interface StatusNotice extends StatusNoticeCodeEntry {
  text: string;
}

/** The status fields for these notices: the English sentences and, index for index, their codes. */
export function noticeFields(list: readonly StatusNotice[]): {
  notices: string[];
  noticeCodes: StatusNoticeCodeEntry[];
} {
  return {
    notices: list.map((notice) => notice.text),
    noticeCodes: list.map(({ code, vars }) => (vars ? { code, vars } : { code })),
  };
}

/** The status's notices with their codes; a notice from a core that sent no code has none. */
export function noticesOf(status: {
  notices: readonly string[];
  noticeCodes?: readonly StatusNoticeCodeEntry[];
}): Array<{ text: string; coded: StatusNoticeCodeEntry | null }> {
  const codes = status.noticeCodes?.length === status.notices.length ? status.noticeCodes : null;
  return status.notices.map((text, index) => ({ text, coded: codes?.[index] ?? null }));
}

/** The status's notices that carry a code, with their English sentences: what the core keeps from status to status. */
export function codedNotices(status: {
  notices: readonly string[];
  noticeCodes?: readonly StatusNoticeCodeEntry[];
}): StatusNotice[] {
  return noticesOf(status).flatMap(({ text, coded }) => (coded ? [{ ...coded, text }] : []));
}
