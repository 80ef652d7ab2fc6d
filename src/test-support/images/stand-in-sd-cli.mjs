// A stand-in for sd-cli, for the tests that do not need real pictures: it reads
// sd-cli's options, prints its log and progress bars the way sd-cli 97d29908
// does (`\r`-redrawn bars, `#` while loading, `=` while sampling, errors on
// stderr) and writes a small valid PNG to --output. A word in the prompt picks
// a failure: stand-in:slow (a step every 300 ms, to cancel), stand-in:oom,
// stand-in:corrupt, stand-in:not-sd, stand-in:torn (a cut-off PNG and exit 0,
// as sd-cli does on a full disk), stand-in:no-output, stand-in:sigkill.
// Plain JavaScript: started thousands of times, it should not wait for tsx.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const args = process.argv.slice(2);
if (args[0] === '--version') {
  process.stdout.write('stable-diffusion.cpp version stand-in-1, commit 0000000\n');
  process.exit(0);
}
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const prompt = option('--prompt', '');
const output = option('--output', 'output.png');
const steps = Number(option('--steps', '20'));
const width = Number(option('--width', '64'));
const height = Number(option('--height', '64'));
const model = option('--model', option('--diffusion-model', ''));
const mode = /stand-in:([a-z-]+)/.exec(prompt)?.[1] ?? 'ok';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const info = (text) => process.stdout.write(`[INFO ] stand-in.cpp:1   - ${text}\n`);
const error = (text) => process.stderr.write(`[ERROR] stand-in.cpp:1   - ${text}\n`);
const bar = (done, total, char, unit) => {
  const filled = Math.round((done / total) * 50);
  return `\r  |${char.repeat(filled)}${done < total ? '>' : ''}${' '.repeat(Math.max(0, 50 - filled - (done < total ? 1 : 0)))}| ${done}/${total} - ${unit}\x1b[K${done === total ? '\n' : ''}`;
};

info(`loading model from '${model}'`);
if (mode === 'corrupt') {
  error(
    `data offsets out of bounds for tensor 'cond_stage_model.transformer.text_model.embeddings.position_embedding.weight'`,
  );
  error(`init model loader from file failed: '${model}'`);
  process.exit(1);
}
if (mode === 'not-sd') {
  error(`get sd version from file failed: '${model}'`);
  process.exit(1);
}
for (let i = 1; i <= 4; i++) process.stdout.write(bar(i * 49, 196, '#', '120.00MB/s'));
info('sampling using Euler A method');
if (mode === 'oom') {
  error('ggml_aligned_malloc: insufficient memory (attempted to allocate 145.08 MB)');
  process.stderr.write('ggml.c:1647: GGML_ASSERT(ctx->mem_buffer != NULL) failed\n');
  process.kill(process.pid, 'SIGABRT');
}
if (mode === 'sigkill') process.kill(process.pid, 'SIGKILL');
info('generating image: 1/1 - seed 42');
for (let step = 1; step <= steps; step++) {
  await sleep(mode === 'slow' ? 300 : 5);
  process.stdout.write(bar(step, steps, '=', '12.50it/s'));
}
info('sampling completed, taking 0.10s');
info('decoding 1 latents');
if (mode !== 'no-output') {
  const png = pngOf(width, height);
  writeFileSync(output, mode === 'torn' ? png.subarray(0, Math.floor(png.length / 2)) : png);
}
info(`save result image 0 to '${output}' (success)`);
info('1/1 images saved');

function pngOf(w, h) {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) raw.set([(x * 4) & 255, (y * 4) & 255, 128], y * (w * 3 + 1) + 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
