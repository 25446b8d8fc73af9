"""agc, the ahead-of-time AutoGraph compiler, installed by pip.

agc itself is a native binary, installed into the environment's scripts
folder (bin/agc), and runs with no Python in between. This package only
finds that binary, for ``python -m agc`` (see __main__.py) and for tools that
want its path.
"""
from __future__ import annotations

import os
import sysconfig
from importlib import metadata

__all__ = ["find_agc_bin"]

try:
    __version__ = metadata.version("agc")
except metadata.PackageNotFoundError:  # a source tree on sys.path
    __version__ = "unknown"

_EXE = "agc.exe" if os.name == "nt" else "agc"


def find_agc_bin() -> str:
    """The path of the agc binary installed with this package.

    Read from the distribution's record of installed files, so it is found
    whatever the install scheme (a virtual environment, --user, --prefix,
    --target); else the scripts folder of the running interpreter.
    """
    try:
        dist = metadata.distribution("agc")
    except metadata.PackageNotFoundError:
        dist = None
    if dist is not None:
        for f in dist.files or ():
            if f.name == _EXE and f.parent.name in ("bin", "Scripts"):
                path = os.path.normpath(dist.locate_file(f))
                if os.path.isfile(path):
                    return path
    for scheme in (None, f"{os.name}_user"):
        try:
            folder = (sysconfig.get_path("scripts", scheme)
                      if scheme else sysconfig.get_path("scripts"))
        except KeyError:
            continue
        path = os.path.join(folder, _EXE)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(
        "the agc binary is not installed next to this package (reinstall "
        "agc with pip)")
