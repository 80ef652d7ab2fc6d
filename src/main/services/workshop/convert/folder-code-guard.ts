// Keeps Python code shipped in a model folder from running during a conversion.
// convert_hf_to_gguf.py loads many tokenizers with trust_remote_code=True, which
// makes transformers import a tokenization_*.py (or configuration_*.py,
// modeling_*.py) from the folder as the user. The guard is a sitecustomize.py in
// a folder of its own put first on PYTHONPATH: Python imports it at start-up,
// before the script, and it patches each transformers module as it is imported,
// so no import order or lazy loading gets past it. A refusal prints
// REFUSAL_MARK with the loader that asked (convert-outcome.ts words it) and
// raises. When the guard itself cannot be set up, Python stops at once rather
// than run unguarded (site.py would only print a warning and go on).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The start of the line the guard prints when it refuses: `EVA_FOLDER_CODE_REFUSED loader=AutoTokenizer[
 * ref=module.Class]`.
 */
export const REFUSAL_MARK = 'EVA_FOLDER_CODE_REFUSED';

/** The exit status of a Python whose guard could not be set up. */
const GUARD_BROKEN_EXIT = 70;

export const GUARD_SOURCE = String.raw`# Written by EVA Desktop for one conversion, and removed after it.
import functools
import importlib.abc
import os
import sys
import threading

MARK = "${REFUSAL_MARK}"
_loading = threading.local()


class FolderCodeRefused(RuntimeError):
    pass


def _refuse(ref=None):
    loader = getattr(_loading, "name", None) or "unknown"
    line = MARK + " loader=" + loader + (" ref=" + str(ref) if ref else "")
    # Printed as well as raised: the script catches some errors and goes on to fail in other words.
    print(line, file=sys.stderr, flush=True)
    raise FolderCodeRefused(line)


def resolve_trust_remote_code(trust_remote_code=None, model_name=None, has_local_code=False, has_remote_code=False, *args, **kwargs):
    if has_remote_code and not has_local_code:
        _refuse()
    return False


def get_class_from_dynamic_module(class_reference=None, *args, **kwargs):
    _refuse(class_reference)


def get_class_in_module(class_name=None, module_path=None, *args, **kwargs):
    _refuse(module_path)


def get_cached_module_file(pretrained_model_name_or_path=None, module_file=None, *args, **kwargs):
    _refuse(module_file)


REPLACEMENTS = {
    "resolve_trust_remote_code": resolve_trust_remote_code,
    "get_class_from_dynamic_module": get_class_from_dynamic_module,
    "get_class_in_module": get_class_in_module,
    "get_cached_module_file": get_cached_module_file,
}
LOADER_METHODS = ("from_pretrained", "from_config")
CONFIG_CLASSES = ("PretrainedConfig", "PreTrainedConfig")


def _is_loader(name):
    return name.startswith("Auto") or name.startswith("_BaseAuto") or name in CONFIG_CLASSES


def _guarded(func):
    @functools.wraps(func)
    def guarded(owner, *args, **kwargs):
        if "trust_remote_code" in kwargs:
            kwargs["trust_remote_code"] = False
        outer = getattr(_loading, "name", None)
        _loading.name = owner.__name__
        try:
            return func(owner, *args, **kwargs)
        finally:
            _loading.name = outer

    guarded.__eva_guarded__ = True
    return guarded


def _guard_loader(cls):
    for method in LOADER_METHODS:
        raw = cls.__dict__.get(method)
        if isinstance(raw, classmethod) and not getattr(raw.__func__, "__eva_guarded__", False):
            setattr(cls, method, classmethod(_guarded(raw.__func__)))


def _patched_exec(run):
    def exec_module(module):
        run(module)
        _patch(module)

    return exec_module


def _patch(module):
    space = getattr(module, "__dict__", None)
    if not isinstance(space, dict):
        return
    for name, replacement in REPLACEMENTS.items():
        if name in space:
            space[name] = replacement
    for value in list(space.values()):
        if isinstance(value, type) and value.__module__ == module.__name__ and _is_loader(value.__name__):
            _guard_loader(value)


def _is_transformers(name):
    return name == "transformers" or name.startswith("transformers.")


def _is_dynamic(name):
    return name == "transformers_modules" or name.startswith("transformers_modules.")


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if _is_dynamic(fullname):
            _refuse(fullname)
        if not _is_transformers(fullname):
            return None
        spec = None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                break
        loader = getattr(spec, "loader", None)
        run = getattr(loader, "exec_module", None)
        if run is not None:
            loader.exec_module = _patched_exec(run)
        return spec


def _install():
    sys.meta_path.insert(0, _Finder())
    for name, module in list(sys.modules.items()):
        if _is_transformers(name):
            _patch(module)


try:
    _install()
except BaseException as error:
    print("EVA could not set up its guard against a model folder's Python code: %r" % (error,), file=sys.stderr, flush=True)
    os._exit(${GUARD_BROKEN_EXIT})
`;

/** A fresh folder holding the guard, for PYTHONPATH; `remove()` when the run is over. */
export async function writeFolderCodeGuard(root = tmpdir()): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(root, 'eva-code-guard-'));
  await writeFile(join(dir, 'sitecustomize.py'), GUARD_SOURCE);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
