import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRemoteCodeFolder } from '@test-support/workshop/remote-code-folder';
import { checkHfFolder } from './hf-folder';

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-folder-code-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the folder check lists the Python a folder ships', () => {
  it('finds the tokenizer module and the auto_map that names it in a Qwen-1 folder, which is otherwise ready', async () => {
    const folder = await makeRemoteCodeFolder(join(dir, 'qwen1'), join(dir, 'marker'));
    const check = await checkHfFolder(folder, null);
    expect(check.problems).toEqual([]);
    expect(check.architecture).toBe('QWenLMHeadModel');
    expect(check.code.pyFiles).toEqual(['tokenization_qwen.py']);
    expect(check.code.autoMap).toEqual([
      { file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' },
    ]);
    expect(check.code.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists every .py, in subfolders and through symlinks, and the auto_map of every JSON file', async () => {
    const folder = join(dir, 'many');
    await mkdir(join(folder, 'pkg', 'inner'), { recursive: true });
    await writeFile(
      join(folder, 'config.json'),
      JSON.stringify({
        architectures: ['ChatGLMModel'],
        auto_map: { AutoConfig: 'configuration_chatglm.ChatGLMConfig', AutoModel: 'modeling_chatglm.ChatGLMModel' },
      }),
    );
    await writeFile(
      join(folder, 'preprocessor_config.json'),
      JSON.stringify({ auto_map: { AutoProcessor: 'processing_x.XProcessor' } }),
    );
    // Python's json reads NaN; JavaScript's does not: still listed, unread.
    await writeFile(join(folder, 'generation_config.json'), '{"temperature": NaN, "auto_map": {"AutoModel": "m.M"}}');
    await writeFile(join(folder, 'tokenizer.json'), JSON.stringify({ model: { vocab: { a: 0 } } }));
    await writeFile(join(folder, 'modeling_chatglm.py'), '');
    await writeFile(join(folder, 'pkg', 'inner', 'helpers.py'), '');
    await writeFile(join(dir, 'outside.py'), '');
    await symlink(join(dir, 'outside.py'), join(folder, 'linked.py'));
    const { code } = await checkHfFolder(folder, null);
    expect(code.pyFiles).toEqual(['linked.py', 'modeling_chatglm.py', 'pkg/inner/helpers.py']);
    expect(code.autoMap).toEqual([
      { file: 'config.json', loader: 'AutoConfig', ref: 'configuration_chatglm.ChatGLMConfig' },
      { file: 'config.json', loader: 'AutoModel', ref: 'modeling_chatglm.ChatGLMModel' },
      { file: 'generation_config.json', loader: null, ref: null },
      { file: 'preprocessor_config.json', loader: 'AutoProcessor', ref: 'processing_x.XProcessor' },
    ]);
  });

  it('hashes the code and the JSON that maps it: a changed file gets a new hash, an unrelated one does not', async () => {
    const folder = await makeRemoteCodeFolder(join(dir, 'hashed'), join(dir, 'marker'));
    const first = (await checkHfFolder(folder, null)).code.hash;
    await writeFile(join(folder, 'qwen.tiktoken'), 'Yg== 0\n');
    expect((await checkHfFolder(folder, null)).code.hash).toBe(first);
    await writeFile(join(folder, 'tokenization_qwen.py'), 'print("changed")\n');
    const second = (await checkHfFolder(folder, null)).code.hash;
    expect(second).not.toBe(first);
    await writeFile(
      join(folder, 'tokenizer_config.json'),
      JSON.stringify({ auto_map: { AutoTokenizer: 'tokenization_qwen.Other' } }),
    );
    expect((await checkHfFolder(folder, null)).code.hash).not.toBe(second);
  });

  it('finds no code in a plain folder', async () => {
    const folder = join(dir, 'plain');
    await mkdir(folder);
    await writeFile(join(folder, 'config.json'), JSON.stringify({ architectures: ['LlamaForCausalLM'] }));
    expect((await checkHfFolder(folder, null)).code).toEqual({ pyFiles: [], autoMap: [], hash: null });
    expect((await checkHfFolder(join(dir, 'nowhere'), null)).code).toEqual({ pyFiles: [], autoMap: [], hash: null });
  });

  it('skips a dangling symlink, but reports a part of the folder it cannot read instead of leaving its code out', async () => {
    const folder = join(dir, 'odd-links');
    await mkdir(folder);
    await writeFile(join(folder, 'config.json'), JSON.stringify({ architectures: ['LlamaForCausalLM'] }));
    await symlink(join(folder, 'gone'), join(folder, 'dangling.py'));
    expect((await checkHfFolder(folder, null)).code.pyFiles).toEqual([]);
    // Root reads every folder whatever its mode; a symlink to itself (ELOOP) is a read failure root meets too.
    await symlink(join(folder, 'loop'), join(folder, 'loop'));
    await expect(checkHfFolder(folder, null)).rejects.toMatchObject({ code: 'ELOOP' });
  });
});
