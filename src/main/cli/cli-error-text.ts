// What `eva` prints when something fails: one sentence with the next step, in
// English or Chinese, then the core's own words in brackets (what a bug report
// quotes). The terminal has no i18n tables of its own, so the few failures a
// terminal user meets are worded here; any other keeps the core's sentence.
import { causeInText } from '@shared/error-causes';

export type CliLanguage = 'en' | 'zh';

/** The settings' language when chosen, else LC_ALL, LC_MESSAGES, LANG: `zh*` is Chinese, anything else English. */
export function cliLanguage(setting: string | undefined, env: NodeJS.ProcessEnv = process.env): CliLanguage {
  if (setting === 'en' || setting === 'zh') return setting;
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh(?:$|[-_.@])/i.test(tag.trim()) ? 'zh' : 'en';
}

type Words = Record<CliLanguage, string>;

/** By cause (shared/error-causes.ts) first, then by code. `{command}` is the program that was not found. */
const CLI_WORDS: Record<string, Words> = {
  binary_not_found: {
    en: 'The program "{command}" was not found. Install it, or give its full path in the configuration.',
    zh: '找不到程序“{command}”。请安装它，或在配置中填写它的完整路径。',
  },
  connection_refused: {
    en: 'The connection was refused: nothing is listening there. Start the server (or the EVA app), or check the address and port.',
    zh: '连接被拒绝：该地址上没有服务在监听。请启动服务器（或 EVA 应用），或检查地址和端口。',
  },
  host_not_found: {
    en: 'The host name could not be found. Check the address for typos and that this computer is online.',
    zh: '找不到该主机名。请检查地址是否有误，以及本机是否已联网。',
  },
  timed_out: {
    en: 'The server did not answer in time. Check that it is running and reachable, then try again.',
    zh: '服务器未能及时响应。请检查它是否在运行且可以访问，然后重试。',
  },
  connection_reset: {
    en: 'The connection was cut off by the other side. Try again; if it keeps happening, look at the server log.',
    zh: '连接被对方中断。请重试；如果反复出现，请查看服务器日志。',
  },
  no_model_loaded: {
    en: 'No model is loaded. Run `eva setup` to choose one, or pass --model.',
    zh: '尚未装载模型。请运行 `eva setup` 选择一个模型，或使用 --model 参数。',
  },
  backend_missing: {
    en: 'The model server program is not installed. Build it with `npm run backend:build`.',
    zh: '未安装模型服务器程序。请用 `npm run backend:build` 构建它。',
  },
  model_missing: {
    en: 'The model file was not found. Check that its drive is connected, or choose it again with `eva setup`.',
    zh: '找不到模型文件。请检查其所在磁盘是否已连接，或用 `eva setup` 重新选择。',
  },
  model_invalid: {
    en: 'The file is not a usable GGUF model. Choose another file with `eva setup`.',
    zh: '该文件不是可用的 GGUF 模型。请用 `eva setup` 选择其他文件。',
  },
  endpoint_error: {
    en: 'The endpoint could not be used. Check its address and API key (`eva setup`).',
    zh: '无法使用该端点。请检查其地址和 API 密钥（`eva setup`）。',
  },
  backend_failed: {
    en: 'The model server could not start. Look at the model log for why, then try again.',
    zh: '模型服务器无法启动。请查看模型日志了解原因，然后重试。',
  },
  schema_file: {
    en: 'The --schema file cannot be used. Give a file that holds a JSON schema.',
    zh: '无法使用 --schema 指定的文件。请提供一个包含 JSON schema 的文件。',
  },
  schema_rejected: {
    en: 'The server cannot answer in this JSON schema. Simplify the schema and try again.',
    zh: '服务器无法按此 JSON schema 作答。请简化 schema 后重试。',
  },
  schema_mismatch: {
    en: 'The answer does not fit the JSON schema.',
    zh: '回答不符合 JSON schema。',
  },
};

/** The words for a failure in `language`, with the core's sentence after it; the core's sentence alone when unknown. */
export function cliErrorText(
  error: { code?: string; message: string; details?: Record<string, unknown> },
  language: CliLanguage,
): string {
  const reason = typeof error.details?.reason === 'string' ? error.details.reason : undefined;
  const cause = causeInText(error.message);
  const byCause = [reason, cause?.reason]
    .map((key) => (key === undefined ? undefined : CLI_WORDS[key]))
    .find((found) => found !== undefined);
  // The core's own English sentence for a code already names the next step (and more exactly: the link, the file):
  // in English the table adds words only where the core quotes a raw cause.
  const byCode =
    error.code === undefined || (language === 'en' && error.message.trim() !== '') ? undefined : CLI_WORDS[error.code];
  const words = byCause ?? byCode;
  if (words === undefined) return error.message;
  const text = words[language].replace('{command}', cause?.command ?? '?');
  const message = error.message.trim();
  if (message === '') return text;
  return language === 'zh' ? `${text}（${message}）` : `${text} (${message})`;
}
