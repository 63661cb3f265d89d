"""The compiled kernel's machine code, loaded without numba.

Importing numba and loading its cached kernel cost some 0.25 CPU s a run (its
type system and target, docs/performance.md) -- more than rating 2·10⁶ games.
So the first compiled run also has numba compile the kernel
(:func:`xl_ratings.systems.lianzhong.rate_block`, the very function) once more
behind a C entry point (``numba.cfunc`` over pointers and lengths), and keeps
that machine code in a file; the runs after it load the file with llvmlite
alone (numba's own code generator, some 0.03 s) and call it through ctypes.
numba is not imported at all.

* **The same code**: numba's compilation of the same function, its arithmetic
  the same IEEE operations in the same order, ``10 ** x`` from the same C
  library (libm's ``pow``) -- the same floats, bit for bit
  (``tests/jobs/test_kernel_native.py``).  It is compiled with NumPy's error
  model (no Python exception can be raised from a C entry point); a run whose
  division could be by zero (``scale`` 0) -- where the rulebook raises -- calls
  numba's kernel instead, as does any argument not of the expected type,
  contiguity or range.
* **The file** is named by a key of everything the code depends on: the
  kernel's code, llvmlite's version, Python's, the processor's name and
  features.  Another processor, version or kernel finds no file of its own
  and compiles one.  The file holds the code's SHA-256, checked before loading.
  It is written where numba would cache (``NUMBA_CACHE_DIR``, else
  ``__pycache__`` beside the kernel's module, else the user's cache folder);
  where none can be written, numba's kernel is used as before.
* Only symbols known to resolve are let through: libm's ``pow``, CPython's
  error functions, and numba's helpers of its error and reference-count
  paths, which this code never reaches (no exception, no array it owns).
  Anything else in the code: no file is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Bumped when the entry point's arguments change (old files are then ignored).
ENTRY_VERSION = 1
#: numba's helpers that only its error and reference-count paths call (never this code's).
UNREACHED = ("numba_gil_ensure", "numba_gil_release", "NRT_MemInfo_call_dtor")
#: LLVM intrinsics compiled inline (no symbol); ``llvm.pow.f64`` becomes libm's ``pow``.
INLINE = ("llvm.smax.", "llvm.smin.", "llvm.umax.", "llvm.umin.", "llvm.x86.atomic.", "llvm.fabs.",
          "llvm.memset.", "llvm.memcpy.", "llvm.lifetime.", "llvm.assume", "llvm.expect.")

_LOADED: dict[str, Any] = {}        #: key -> (execution engine, entry); kept alive with the process
_KEEP: list[Any] = []               #: the ctypes callbacks given as symbols
_KEYS: dict[Any, str] = {}


def _kernel_name(kernel: Callable[..., Any]) -> str:
    return f"{kernel.__module__}.{kernel.__qualname__}"


def supported(kernel: Callable[..., Any]) -> bool:
    """Is ``kernel`` one this module knows the arguments of (lianzhong's ``rate_block``)?"""
    return _kernel_name(kernel) == "xl_ratings.systems.lianzhong.rate_block"


def _llvm() -> Any:
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    return llvm


def key(kernel: Callable[..., Any]) -> str:
    """The file's key: everything the machine code depends on."""
    got = _KEYS.get(kernel)
    if got is None:
        got = _KEYS[kernel] = _key(kernel)
    return got


def _key(kernel: Callable[..., Any]) -> str:
    import llvmlite

    llvm = _llvm()
    parts = [str(ENTRY_VERSION), _kernel_name(kernel), hashlib.sha256(marshal.dumps(kernel.__code__)).hexdigest(),
             llvmlite.__version__, sys.version.split()[0], sys.platform, llvm.get_process_triple(),
             llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def folders(kernel: Callable[..., Any]) -> list[Path]:
    """Where the file may be, in numba's order: ``NUMBA_CACHE_DIR``, ``__pycache__`` beside the
    kernel's module, the user's cache folder."""
    out = []
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        out.append(Path(env) / "xl_ratings")
    module = sys.modules.get(kernel.__module__)
    file = getattr(module, "__file__", None)
    if file:
        out.append(Path(file).parent / "__pycache__")
    base = os.environ.get("LOCALAPPDATA") if os.name == "nt" else os.environ.get("XDG_CACHE_HOME")
    out.append(Path(base) if base else Path.home() / ".cache")
    out[-1] = out[-1] / "xl_ratings"
    return out


def _file(folder: Path, k: str) -> Path:
    return folder / f"native-kernel-{k}.bin"


# --------------------------------------------------------------------------- loading (no numba)

def native(kernel: Callable[..., Any], fallback: Callable[[], Callable[..., int]]) -> Callable[..., int] | None:
    """``kernel``'s machine code from its file, with ``kernel``'s arguments (see the module); None:
    no file (or not loadable).  ``fallback()``: numba's kernel, for the arguments the code does not take."""
    if not supported(kernel):
        return None
    try:
        k = key(kernel)
        got = _LOADED.get(k)
        if got is None:
            for folder in folders(kernel):
                path = _file(folder, k)
                if path.is_file():
                    got = _load(path.read_bytes())
                    if got is not None:
                        _LOADED[k] = got
                        break
        if got is None:
            return None
    except Exception:       # llvmlite missing or broken, an unreadable file: numba's way
        return None
    return _entry(got[1], fallback)


def _load(raw: bytes) -> tuple[Any, Any] | None:
    import ctypes

    head, sep, obj = raw.partition(b"\n")
    if not sep:
        return None
    meta = json.loads(head)
    if hashlib.sha256(obj).hexdigest() != meta.get("sha256"):
        return None                 # a file cut short or changed: never handed to the loader
    llvm = _llvm()
    for name in meta["symbols"]:
        if llvm.address_of_symbol(name) is not None:
            continue
        addr = _address(name, ctypes)
        if addr is None:
            return None
        llvm.add_symbol(name, addr)
    tm = llvm.Target.from_default_triple().create_target_machine()
    ee = llvm.create_mcjit_compiler(llvm.parse_assembly(""), tm)
    ee.add_object_file(llvm.ObjectFileRef.from_data(obj))
    ee.finalize_object()
    addr = ee.get_function_address(meta["entry"])
    if not addr:
        return None
    p, i, d = ctypes.c_void_p, ctypes.c_int64, ctypes.c_double
    fn = ctypes.CFUNCTYPE(i, p, p, p, p, p, p, p, p, p, p, p, p, i, p, i, d, d, d, p, p, i, i, i)(addr)
    return ee, fn


def _address(name: str, ctypes: Any) -> int | None:
    """A symbol's address: CPython's (``ctypes.pythonapi``), the C library's, or -- for numba's
    helpers of paths this code never takes -- a stand-in."""
    if name in UNREACHED:
        stub = ctypes.CFUNCTYPE(None)(lambda: None)
        _KEEP.append(stub)
        return int(ctypes.cast(stub, ctypes.c_void_p).value)
    for lib in (ctypes.pythonapi, ctypes.CDLL(None) if os.name != "nt" else ctypes.cdll.msvcrt):
        try:
            return int(ctypes.cast(getattr(lib, name), ctypes.c_void_p).value)
        except (AttributeError, TypeError):
            continue
    return None


def _entry(fn: Any, fallback: Callable[[], Callable[..., int]]) -> Callable[..., int]:
    """The machine code with ``rate_block``'s arguments; anything it does not take to numba's kernel."""
    import numpy as np

    f64, i64 = np.dtype(np.float64), np.dtype(np.int64)

    def ok(a: Any, dtype: Any, n: int, written: bool = True) -> bool:
        return a.__class__ is np.ndarray and a.dtype == dtype and a.ndim == 1 and len(a) == n and \
            a.flags.c_contiguous and (a.flags.writeable or not written)

    def rate_block(p: Any, q: Any, score: Any, forfeit: Any, rating: Any, games: Any, t_games: Any, t_score: Any,
                   t_expected: Any, t_k: Any, t_change: Any, touched: Any, n_touched: int, flags: Any,
                   rated_n: int, scale: float, share: float, numerator: float, k_bounds: Any,
                   k_values: Any) -> int:
        n, m = len(p), len(rating)
        nb = len(k_bounds)
        floats = (scale, share, numerator)
        if not (rated_n.__class__ is int and n_touched.__class__ is int and
                all(x.__class__ in (int, float) and float(x) == x for x in floats) and scale != 0 and
                ok(p, i64, n, False) and ok(q, i64, n, False) and ok(score, f64, n, False) and
                ok(forfeit, np.dtype(np.bool_), n, False) and ok(flags, i64, n) and ok(rating, f64, m) and
                all(ok(a, i64, m) for a in (games, t_games, t_k, touched)) and
                all(ok(a, f64, m) for a in (t_score, t_expected, t_change)) and
                ok(k_bounds, f64, nb, False) and ok(k_values, f64, nb + 1, False) and 0 <= n_touched <= m and
                (not n or (int(p.min()) >= 0 and int(q.min()) >= 0 and max(int(p.max()), int(q.max())) < m))):
            return int(fallback()(p, q, score, forfeit, rating, games, t_games, t_score, t_expected, t_k, t_change,
                                  touched, n_touched, flags, rated_n, scale, share, numerator, k_bounds, k_values))
        c = [a.ctypes.data for a in (p, q, score, forfeit, rating, games, t_games, t_score, t_expected, t_k,
                                     t_change, touched)]
        return int(fn(*c, n_touched, flags.ctypes.data, rated_n, float(scale), float(share), float(numerator),
                      k_bounds.ctypes.data, k_values.ctypes.data, n, m, nb))
    return rate_block


# --------------------------------------------------------------------------- writing (numba)

def save(kernel: Callable[..., Any]) -> Path | None:
    """Compile ``kernel`` behind its C entry point with numba and write the file for the next runs
    (see the module); None: not written (no folder can be, or the code needs another symbol)."""
    if not supported(kernel):
        return None
    try:
        k = key(kernel)
        data = _compile(kernel)
    except Exception:       # numba's many errors: the next run compiles as this one did
        return None
    if data is None:
        return None
    for folder in folders(kernel):
        path = _file(folder, k)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(data)
            os.replace(tmp, path)
            return path
        except OSError:
            with contextlib.suppress(OSError):      # a full disk: no half-written file left behind
                tmp.unlink()
            continue
    return None


def _compile(kernel: Callable[..., Any]) -> bytes | None:
    import numba
    from numba import carray, types

    inner = numba.njit(error_model="numpy")(kernel)
    I, F, B = types.CPointer(types.int64), types.CPointer(types.float64), types.CPointer(types.uint8)
    n64, f = types.int64, types.float64
    sig = n64(I, I, F, B, F, I, I, F, F, I, F, I, n64, I, n64, f, f, f, F, F, n64, n64, n64)

    def entry(p: Any, q: Any, score: Any, forfeit: Any, rating: Any, games: Any, t_games: Any, t_score: Any,
              t_expected: Any, t_k: Any, t_change: Any, touched: Any, n_touched: int, flags: Any, rated_n: int,
              scale: float, share: float, numerator: float, k_bounds: Any, k_values: Any, n: int, m: int,
              nb: int) -> int:
        return inner(carray(p, n), carray(q, n), carray(score, n), carray(forfeit, n), carray(rating, m),
                     carray(games, m), carray(t_games, m), carray(t_score, m), carray(t_expected, m),
                     carray(t_k, m), carray(t_change, m), carray(touched, m), n_touched, carray(flags, n), rated_n,
                     scale, share, numerator, carray(k_bounds, nb), carray(k_values, nb + 1))
    cf: Any = numba.cfunc(sig, error_model="numpy")(entry)
    lib = cf._library
    lib._ensure_finalized()
    module = lib._final_module
    symbols = []
    for fn in module.functions:
        if not fn.is_declaration:
            continue
        name = fn.name
        if name.startswith("llvm.pow.f64"):
            symbols.append("pow")
        elif name.startswith("llvm."):
            if not name.startswith(INLINE):
                return None         # an intrinsic that may need a symbol of its own
        elif name in UNREACHED or name.startswith("Py"):
            symbols.append(name)
        else:
            return None
    obj = bytes(lib._codegen._tm.emit_object(module))
    meta = {"entry": cf.native_name, "symbols": sorted(set(symbols)), "sha256": hashlib.sha256(obj).hexdigest(),
            "numba": numba.__version__}
    return json.dumps(meta).encode() + b"\n" + obj


__all__ = ["folders", "key", "native", "save", "supported"]
